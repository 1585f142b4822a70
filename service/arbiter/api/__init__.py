"""The service layer: Starlette REST, Strawberry GraphQL, state handles, cache, sealing, contracts.

Modules, from the edge inwards:

* :mod:`.app` -- the ASGI app (:func:`~arbiter.api.app.create_app`) and its middleware;
* :mod:`.rest`, :mod:`.graphql`, :mod:`.home` -- the surfaces: ``/v1``, ``/graphql``, ``/``;
* :mod:`.service` -- the operations, written once for both surfaces;
* :mod:`.handles` -- state handles (inline state, ``state_id``, ``state_token``);
* :mod:`.sealing`, :mod:`.cache` -- sealed tokens and keyed ids; the embedded or Redis cache;
* :mod:`.envelope`, :mod:`.codec`, :mod:`.problems` -- wire types, per-game decoders, RFC 9457;
* :mod:`.openapi` -- OpenAPI 3.1, JSON Schemas and GraphQL SDL generated from the code;
* :mod:`.settings`, :mod:`.metrics`, :mod:`.logs` -- environment, Prometheus, JSON logs.

Nothing here is imported by :mod:`arbiter.core` or the games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arbiter.api.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from arbiter.api.app import create_app

        return create_app
    raise AttributeError(name)
