"""The deploy files run as they are: every Kubernetes object is valid against the Kubernetes
schemas (``kubernetes-validate``, strict: no unknown fields), the compose file against the Compose
Specification (the schema ``check-jsonschema`` vendors), and all of them agree with the service's
own rules (one worker per container unless Redis is shared; probes on the service's health
routes; a state key only from a Secret or an env file)."""

from __future__ import annotations

import importlib.resources
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml

from arbiter.api.settings import Settings, SettingsError

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
#: The Kubernetes versions the manifest is checked against: the oldest supported here, the latest.
K8S_VERSIONS = ("1.31.0", "1.37.0")
KEY = "ab" * 32


def manifest() -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all((DEPLOY / "k8s" / "arbiter.yaml").read_text()) if doc]


def one(kind: str, name: str = "arbiter") -> dict[str, Any]:
    (found,) = [d for d in manifest() if d["kind"] == kind and d["metadata"]["name"] == name]
    return found


def _workers(command: list[str]) -> int:
    return int(command[command.index("--workers") + 1]) if "--workers" in command else 1


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_every_kubernetes_object_is_valid(version: str) -> None:
    documents = manifest()
    assert {d["kind"] for d in documents} == {
        "Secret", "ConfigMap", "Deployment", "Service", "HorizontalPodAutoscaler",
        "PodDisruptionBudget", "StatefulSet",
    }  # fmt: skip
    for document in documents:
        kubernetes_validate.validate(document, version, strict=True)


def test_the_deployment_probes_the_health_routes_and_bounds_its_resources() -> None:
    pod = one("Deployment")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    resources = container["resources"]
    assert {"cpu", "memory"} <= set(resources["requests"]) and "memory" in resources["limits"]
    assert (
        pod["securityContext"]["runAsNonRoot"]
        and container["securityContext"]["readOnlyRootFilesystem"]
    )
    assert pod["terminationGracePeriodSeconds"] > 20  # the drain the server gives requests


def test_the_pieces_point_at_each_other() -> None:
    labels = one("Deployment")["spec"]["template"]["metadata"]["labels"]
    for selector in (
        one("Deployment")["spec"]["selector"]["matchLabels"],
        one("Service")["spec"]["selector"],
        one("PodDisruptionBudget")["spec"]["selector"]["matchLabels"],
    ):
        assert selector.items() <= labels.items()
    target = one("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", "arbiter")
    assert one("HorizontalPodAutoscaler")["spec"]["minReplicas"] >= 2
    redis = one("Service", "arbiter-redis")
    url = one("ConfigMap")["data"]["ARBITER_REDIS_URL"]
    assert url == f"redis://{redis['metadata']['name']}:{redis['spec']['ports'][0]['port']}/0"
    statefulset = one("StatefulSet", "arbiter-redis")["spec"]
    assert (
        redis["spec"]["selector"].items() <= statefulset["template"]["metadata"]["labels"].items()
    )
    args = statefulset["template"]["spec"]["containers"][0]["args"]
    # evicts open states and packs (TTL), never a live game (no TTL): arbiter.api.cache
    assert args[args.index("--maxmemory-policy") + 1] == "volatile-lru"
    # every write on disk before Redis answers it, on a volume that outlives the pod
    assert _durable(args) and one("ConfigMap")["data"]["ARBITER_REDIS_DURABILITY"] == "aof"
    claims = statefulset["volumeClaimTemplates"]
    assert [c["metadata"]["name"] for c in claims] == ["data"]


def test_the_configuration_is_settings_the_service_accepts() -> None:
    """The ConfigMap with a real key is valid; the Secret's placeholder is refused, so no pod runs
    with it; the key comes from the Secret only."""
    container = one("Deployment")["spec"]["template"]["spec"]["containers"][0]
    assert [source["configMapRef"]["name"] for source in container["envFrom"]] == ["arbiter"]
    (key,) = container["env"]
    assert key["name"] == "ARBITER_STATE_KEY" and "secretKeyRef" in key["valueFrom"]
    config = one("ConfigMap")["data"]
    assert "ARBITER_STATE_KEY" not in config
    settings = Settings.from_env({**config, "ARBITER_STATE_KEY": KEY})
    assert settings.redis_url and not settings.is_development
    placeholder = one("Secret")["stringData"]["state-key"]
    with pytest.raises(SettingsError):
        Settings.from_env({**config, "ARBITER_STATE_KEY": placeholder})
    assert _workers(container["args"]) == 1 or settings.redis_url


def test_the_compose_file_follows_the_compose_specification() -> None:
    schema_file = importlib.resources.files("check_jsonschema.builtin_schemas.vendor")
    schema = json.loads((schema_file / "compose-spec.json").read_text())
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    jsonschema.validate(compose, schema)
    arbiter = compose["services"]["arbiter"]
    assert arbiter["deploy"]["replicas"] == 2
    assert arbiter["environment"]["ARBITER_REDIS_URL"].startswith("redis://redis:")
    assert _workers(arbiter["command"]) == 1 or arbiter["environment"]["ARBITER_REDIS_URL"]
    assert (
        arbiter["env_file"] == "arbiter.env" and "ARBITER_STATE_KEY" not in arbiter["environment"]
    )
    assert arbiter["depends_on"]["redis"]["condition"] == "service_healthy"
    redis = compose["services"]["redis"]
    assert "healthcheck" in redis
    assert (
        _durable(redis["command"]) and arbiter["environment"]["ARBITER_REDIS_DURABILITY"] == "aof"
    )
    assert redis["command"][redis["command"].index("--maxmemory-policy") + 1] == "volatile-lru"
    assert [v.split(":")[1] for v in redis["volumes"]] == ["/data"]


def _durable(args: list[str]) -> bool:
    """Redis' arguments keep every write in the append-only file, fsynced before it answers."""
    return (
        args[args.index("--appendonly") + 1] == "yes"
        and args[args.index("--appendfsync") + 1] == "always"
    )


def test_the_image_is_multi_stage_slim_pinned_and_runs_as_a_user() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    bases = re.findall(r"^FROM (\S+)", dockerfile, re.MULTILINE)
    assert len(bases) == 2 and all(re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+", b) for b in bases)
    assert re.search(r"^USER 10001", dockerfile, re.MULTILINE)
    assert "/healthz" in dockerfile.split("HEALTHCHECK", 1)[1]
    [cmd] = [line for line in dockerfile.splitlines() if line.startswith("CMD ")]
    assert _workers(json.loads(cmd[4:])) == 1  # the image sets no ARBITER_REDIS_URL
