"""The ASGI application: REST, GraphQL, health, metrics, docs -- and the middleware around them.

:func:`create_app` builds it from :class:`~arbiter.api.settings.Settings` and a game registry
(``arbiter.games.registry()`` by default); tests pass their own registry. :func:`app_from_env` is
the factory ``arbiter serve`` hands to uvicorn.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

import arbiter
from arbiter.api import docs, game_documents, graphql_http, graphql_live, languages, logs, static
from arbiter.api.budget import share_of
from arbiter.api.cache import Cache, CacheUnavailable, MemoryCache, RedisCache
from arbiter.api.envelope import Health
from arbiter.api.fair_share import FairShare
from arbiter.api.guard import Guard, json_bodies
from arbiter.api.handles import StateStore
from arbiter.api.hints import HintLimits
from arbiter.api.home import routes_html
from arbiter.api.idempotency import Idempotency, Keys, MemoryKeys, RedisKeys
from arbiter.api.identify import Identify
from arbiter.api.jsonguard import too_deep
from arbiter.api.kept_packs import KeptPacks
from arbiter.api.languages import negotiate
from arbiter.api.live import Live
from arbiter.api.memo import KnownStates
from arbiter.api.metrics import Metrics
from arbiter.api.openapi import build_openapi, dumps
from arbiter.api.operations import OPERATIONS, keyed_paths
from arbiter.api.problems import Problem, problem_response, retry_after
from arbiter.api.rates import Limit, Rates
from arbiter.api.rest import json_response, read_query, routes
from arbiter.api.sealing import Sealer
from arbiter.api.service import Service
from arbiter.api.settings import Settings
from arbiter.api.streams import Streams
from arbiter.api.streams import route as stream_route
from arbiter.core import Registry
from arbiter.core.texts import text
from arbiter.languages import DEFAULT, LANGUAGES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("arbiter.access")
_REQUEST_ID = re.compile(rb"^[A-Za-z0-9._-]{1,64}$")
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


#: Each language's ``Content-Language`` header, made once.
_CONTENT_LANGUAGE = {code: (b"content-language", code.encode()) for code in LANGUAGES}


class Observe:
    """Pure ASGI middleware: request ids, the answer's language (:mod:`.languages`), body limit,
    metrics, access logs, last-resort 500s.

    Written without ``BaseHTTPMiddleware`` to keep the hot path short.
    """

    def __init__(self, app: ASGIApp, metrics: Metrics, max_body: int) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        rid = None
        length = None
        spoken = None
        for name, value in scope["headers"]:
            if name == b"x-request-id" and _REQUEST_ID.match(value):
                rid = value.decode()
            elif name == b"content-length":
                length = value
            elif name == b"accept-language":
                spoken = negotiate(value.decode("latin-1"))
        if rid is None:
            rid = secrets.token_hex(8)
        token = logs.request_id.set(rid)
        known = logs.Facts()
        facts_token = logs.facts.set(known)
        # English is the context's default: set only another language (and reset it after)
        language_token = None
        if spoken is not None and spoken != DEFAULT:
            language_token = languages.language.set(spoken)
        headers = ((b"x-request-id", rid.encode()), _CONTENT_LANGUAGE[spoken or DEFAULT])
        status = 500
        started = False
        max_body = self.max_body

        async def send_wrapper(message: Message) -> None:
            nonlocal status, started
            if message["type"] == "http.response.start":
                status = message["status"]
                started = True
                message["headers"] = [*message.get("headers", ()), *headers]
            await send(message)

        received = 0

        async def receive_wrapper() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > max_body:
                    raise _too_large(max_body)
            return message

        try:
            if length is not None and (not length.isdigit() or int(length) > max_body):
                if length.isdigit():
                    await problem_response(_too_large(max_body))(scope, receive, send_wrapper)
                else:
                    bad = Problem("invalid_request", text("malformed Content-Length"), status=400)
                    await problem_response(bad)(scope, receive, send_wrapper)
            else:
                await self.app(scope, receive_wrapper, send_wrapper)
        except ClientDisconnect:  # the client left (or the body timer closed it): no answer
            status = 499
        except asyncio.CancelledError:
            # uvicorn cancels what still runs when the shutdown grace (ARBITER_SHUTDOWN_GRACE)
            # is over: the client gets a problem it can retry, not an empty 500
            if started:
                raise
            await problem_response(_shutting_down())(scope, receive, send_wrapper)
        except Exception:
            logging.getLogger("arbiter.api").exception("unhandled error")
            if not started:
                problem = Problem("internal_error", text("the service failed; see its logs"))
                await problem_response(problem)(scope, receive, send_wrapper)
        finally:
            elapsed = time.perf_counter() - start
            route = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope["method"] if scope["method"] in _METHODS else "OTHER"
            self.metrics.observe(template, method, status, elapsed)
            if log.isEnabledFor(logging.INFO):
                game = scope.get("path_params", {}).get("game")
                log.info(
                    "request",
                    extra={
                        "request_id": rid,
                        "method": scope["method"],
                        "route": template,
                        "game": game,
                        "status": status,
                        "ms": round(elapsed * 1000, 3),
                        **known.fields(),
                    },
                )
            if language_token is not None:
                languages.language.reset(language_token)
            logs.facts.reset(facts_token)
            logs.request_id.reset(token)


#: The count of packs a game may keep in the service: any (their bytes are bounded instead).
UNBOUNDED_PACKS = 1 << 30


def _shutting_down() -> Problem:
    return Problem(
        "shutting_down",
        text(
            "this worker stopped before it could answer; retry (another worker, or this one "
            "once it is back, answers)"
        ),
        headers=retry_after(1),
    )


def _too_large(limit: int) -> Problem:
    return Problem(
        "body_too_large", text("the request body exceeds {limit} bytes", limit=limit), status=413
    )


def create_app(
    settings: Settings | None = None,
    registry: Registry | None = None,
    *,
    cache: Cache | None = None,
) -> ArbiterApp:
    """The Arbiter ASGI app over ``registry`` (the service's games by default)."""
    settings = settings or Settings.from_env()
    if registry is None:
        from arbiter.games import registry as default_registry

        registry = default_registry()
    metrics = Metrics()
    if cache is None:
        if settings.redis_url:
            cache = RedisCache(
                settings.redis_url,
                settings.cache_ttl,
                timeout=settings.redis_timeout,
                retry_after=settings.cache_retry,
                content_ttl=settings.content_ttl,
                cluster=settings.redis_cluster,
                durability=settings.redis_durability,
                quotas={
                    "states": share_of(settings.cache_bytes, settings.client_share),
                    "tables": share_of(settings.table_bytes, settings.client_share),
                    "packs": share_of(settings.content_bytes, settings.client_share),
                },
            )
        else:
            cache = MemoryCache(
                settings.cache_bytes,
                settings.cache_ttl,
                min_age=settings.cache_min_age,
                share=settings.client_share,
                table_bytes=settings.table_bytes,
                usage=metrics.usage,
            )
    sealer = Sealer(settings.secrets) if settings.state_keys else Sealer.development()
    known = KnownStates(settings.memo_bytes)
    for game in registry:  # the packs the service keeps are bounded in bytes (KeptPacks)
        game.content_limit = UNBOUNDED_PACKS
    packs = KeptPacks(
        settings.content_bytes,
        settings.client_share,
        settings.content_ttl,
        settings.cache_min_age,
        usage=metrics.usage,
    )
    store = StateStore(cache, sealer, metrics, known, max_history=settings.max_replay, packs=packs)
    hints = HintLimits(settings.hint_seconds, settings.hint_playouts)
    rates = Rates(
        settings.rate_limit,
        settings.heavy_rate_limit,
        settings.keys,
        redis_url=settings.redis_url,
        cluster=settings.redis_cluster,
        timeout=settings.redis_timeout,
        redis_down=lambda: store.cache.down,
        metrics=metrics,
    )
    keys: Keys
    if isinstance(cache, RedisCache):
        keys = RedisKeys(cache.run, cache.client, settings.idempotency_ttl)
    else:
        keys = MemoryKeys(settings.cache_bytes, settings.client_share, settings.idempotency_ttl)
    service = Service(
        registry,
        store,
        metrics,
        max_replay=settings.max_replay,
        hints=hints,
        rates=rates,
        share=settings.client_share,
        keys=keys,
    )
    live = Live(settings.max_streams, settings.client_streams, settings.stream_heartbeat)
    store.changed = live.announce
    listening: list[asyncio.Task[None]] = []

    def listen() -> None:
        """Hear other workers' changes (Redis), from the first stream on."""
        if not listening or listening[0].done():
            listening[:] = [asyncio.ensure_future(cache.listen(live.announce, live.announce_all))]

    live.listen = listen
    streams = Streams(service, live)
    stream_op = next(op for op in OPERATIONS if op.id == "tableEvents")
    openapi_bytes = dumps(build_openapi(registry))
    index, problem_page = routes_html(service.games().games, arbiter.__version__, registry)

    async def healthz(request: Request) -> Response:
        return json_response(Health(status="ok", checks={}))

    async def readyz(request: Request) -> Response:
        checks = {"games": str(len(registry)), "cache": cache.kind}
        try:
            await cache.ping()
        except CacheUnavailable:
            checks["cache"] = f"{cache.kind}: unavailable"
            return json_response(Health(status="unavailable", checks=checks), 503)
        return json_response(Health(status="ok", checks=checks))

    async def metrics_endpoint(request: Request) -> Response:
        return Response(metrics.render(), 200, media_type=metrics.content_type)

    async def openapi(request: Request) -> Response:
        return Response(openapi_bytes, 200, media_type="application/json")

    async def on_problem(request: Request, error: Exception) -> Response:
        assert isinstance(error, Problem)
        return problem_response(error)

    async def on_http(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code)
        if code is None:  # pragma: no cover - Starlette raises only these two itself
            code = "invalid_request"
        # Starlette's details are the status phrases: said as texts of the same English
        phrase = {404: text("Not Found"), 405: text("Method Not Allowed")}.get(error.status_code)
        problem = Problem(code, phrase or str(error.detail), status=error.status_code)
        response = problem_response(problem)
        if error.headers:
            response.headers.update(error.headers)
        return response

    async def on_too_deep(request: Request, error: Exception) -> Response:
        # Request JSON is decoded with these caught; this is the net for any parser left (a
        # GraphQL document's literals, say): deep nesting is the client's doing, not a 500.
        logging.getLogger("arbiter.api").warning("recursion limit reached", exc_info=error)
        return problem_response(too_deep())

    async def on_error(request: Request, error: Exception) -> Response:
        return problem_response(Problem("internal_error", text("the service failed; see its logs")))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        live.stop()
        for task in listening:
            task.cancel()
        await cache.close()

    api = routes(service)
    served = graphql_http.build_schema(settings)
    app = Starlette(
        routes=[  # Starlette tries routes in order: the moves, the echo, GraphQL, the rest
            *api[:2],
            graphql_http.route(service, settings, served),
            graphql_live.websocket_route(served, streams),
            *api[2:],
            stream_route(streams, lambda request: read_query(stream_op, request)),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/metrics", metrics_endpoint, methods=["GET"]),
            Route("/openapi.json", openapi, methods=["GET"]),
            Route("/", index, methods=["GET"]),
            Route("/problems/{code}", problem_page, methods=["GET"]),
            *docs.routes(registry),
            *game_documents.routes(registry),
            *static.routes(),
        ],
        exception_handlers={
            Problem: on_problem,
            HTTPException: on_http,
            RecursionError: on_too_deep,
            Exception: on_error,
        },
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # its redirects take their target from the Host header
    json_bodies(app.router.routes)  # 415 for bodies that are not JSON
    built = ArbiterApp(app, service, settings, metrics, cache)
    built.live = live
    return built


class ArbiterApp(Observe):
    """The app as built by :func:`create_app`, with its parts at hand (tests use them).

    The middleware stack: :class:`Observe` (request ids, body limit, metrics, logs), then
    :class:`~arbiter.api.guard.Guard` (paths), then :class:`~arbiter.api.identify.Identify` (who
    is asking: :mod:`arbiter.api.clients`; a client past its share of the worker's time waits
    while others ask, :mod:`arbiter.api.fair_share`), then :class:`~arbiter.api.rates.Limit` (the
    request
    rate limits, when any is set), then :class:`~arbiter.api.idempotency.Idempotency` (requests
    with an ``Idempotency-Key``), then Starlette (whose routes that take a body
    check its content type, :func:`~arbiter.api.guard.json_bodies`).
    """

    def __init__(
        self,
        app: Starlette,
        service: Service,
        settings: Settings,
        metrics: Metrics,
        cache: Cache,
    ) -> None:
        rates = service.rates
        inner: ASGIApp = Idempotency(app, service.keys, keyed_paths())
        if rates.counts_requests:
            inner = Limit(inner, rates)
        share = FairShare(settings.fair_share_hold, metrics) if settings.fair_share_hold else None
        identify = Identify(
            inner,
            settings.keys,
            trusted=settings.networks,
            require_key=not settings.is_development,
            share=share,
        )
        super().__init__(Guard(identify), metrics, settings.max_body)
        self.starlette = app
        self.service = service
        self.settings = settings
        self.cache = cache
        #: the sealed games this worker streams (:mod:`arbiter.api.live`)
        self.live: Live | None = None


def app_from_env() -> ArbiterApp:
    """The factory ``arbiter serve`` gives uvicorn: settings from the environment, JSON logs."""
    settings = Settings.from_env()
    logs.configure(settings.log_level)
    app = create_app(settings)
    # What start-up made (modules, games, content, routes) lives as long as the worker: out of
    # the collector's sight, a full collection walks only what requests made since (a new sealed
    # game's p99 was 22-56 ms behind them). Here, not in create_app: a process that builds many
    # apps (the tests) would keep every one's garbage for good.
    gc.freeze()
    return app
