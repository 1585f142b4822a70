"""Fetch the browser assets the service ships (Swagger UI, GraphiQL and the React it runs on) from
the npm registry into ``service/arbiter/api/static/vendor/``, with their licences.

The files are checked in, so ``pip install`` is the only build step and nothing is fetched at
run time (no CDN). Run this only to change a version (then update :data:`PACKAGES`)::

    python scripts/vendor_assets.py            # fetch, verify, write the files and MANIFEST.json
    python scripts/vendor_assets.py --check    # fetch, verify, compare with the checked-in files

Each tarball is checked against the registry's ``dist.integrity`` (SHA-512, as npm does);
``MANIFEST.json`` records package, version, tarball, integrity, licence and every file's SHA-256,
and ``tests/api/test_static.py`` holds the checked-in files to it.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

REGISTRY = "https://registry.npmjs.org"
VENDOR = Path(__file__).resolve().parents[1] / "service/arbiter/api/static/vendor"

#: (package, version, directory under vendor/, {path in the tarball: file name}, licence).
#: GraphiQL 3 is the last major with a browser (UMD) build; it runs on React 18 (React 19 has no
#: UMD builds).
PACKAGES = (
    (
        "swagger-ui-dist",
        "5.31.0",
        "swagger-ui",
        {
            "package/swagger-ui-bundle.js": "swagger-ui-bundle.js",
            "package/swagger-ui-bundle.js.LICENSE.txt": "swagger-ui-bundle.js.LICENSE.txt",
            "package/swagger-ui.css": "swagger-ui.css",
            "package/LICENSE": "LICENSE",
            "package/NOTICE": "NOTICE",
        },
        "Apache-2.0",
    ),
    (
        "graphiql",
        "3.8.3",
        "graphiql",
        {
            "package/graphiql.min.js": "graphiql.min.js",
            "package/graphiql.min.css": "graphiql.min.css",
            "package/LICENSE": "LICENSE",
        },
        "MIT",
    ),
    (
        "react",
        "18.3.1",
        "react",
        {
            "package/umd/react.production.min.js": "react.production.min.js",
            "package/LICENSE": "LICENSE",
        },
        "MIT",
    ),
    (
        "react-dom",
        "18.3.1",
        "react-dom",
        {
            "package/umd/react-dom.production.min.js": "react-dom.production.min.js",
            "package/LICENSE": "LICENSE",
        },
        "MIT",
    ),
)


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as answer:
        data: bytes = answer.read()
        return data


def package_files(name: str, version: str, wanted: dict[str, str]) -> tuple[dict, dict[str, bytes]]:
    """The registry's record of one version, and the wanted files of its verified tarball."""
    meta = json.loads(fetch(f"{REGISTRY}/{name}/{version}"))
    tarball = fetch(meta["dist"]["tarball"])
    algorithm, _, expected = meta["dist"]["integrity"].partition("-")
    if algorithm != "sha512" or base64.b64decode(expected) != hashlib.sha512(tarball).digest():
        raise SystemExit(f"{name}@{version}: the tarball does not match its integrity")
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for member in archive.getmembers():
            if member.name in wanted:
                extracted = archive.extractfile(member)
                assert extracted is not None
                files[wanted[member.name]] = extracted.read()
    missing = set(wanted.values()) - set(files)
    if missing:
        raise SystemExit(f"{name}@{version}: missing {sorted(missing)}")
    return meta, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    manifest = []
    differ = []
    for name, version, directory, wanted, licence in PACKAGES:
        meta, files = package_files(name, version, wanted)
        target = VENDOR / directory
        if not args.check:
            target.mkdir(parents=True, exist_ok=True)
        for file_name, data in sorted(files.items()):
            path = target / file_name
            if args.check:
                if not path.exists() or path.read_bytes() != data:
                    differ.append(str(path))
            else:
                path.write_bytes(data)
        manifest.append(
            {
                "package": name,
                "version": version,
                "directory": directory,
                "tarball": meta["dist"]["tarball"],
                "integrity": meta["dist"]["integrity"],
                "license": licence,
                "files": {f: hashlib.sha256(d).hexdigest() for f, d in sorted(files.items())},
            }
        )
    text = json.dumps(manifest, indent=2) + "\n"
    if args.check:
        if (VENDOR / "MANIFEST.json").read_text() != text:
            differ.append("MANIFEST.json")
        if differ:
            print("differ from the registry:", *differ, sep="\n  ")
            sys.exit(1)
        print("the vendored assets are the registry's")
        return
    (VENDOR / "MANIFEST.json").write_text(text)
    print(f"wrote {sum(len(p[3]) for p in PACKAGES)} files and MANIFEST.json under {VENDOR}")


if __name__ == "__main__":
    main()
