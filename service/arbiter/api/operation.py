"""What an operation of the service is: one declaration, from which its REST route
(:mod:`arbiter.api.rest`), its GraphQL field (:mod:`arbiter.api.graphql_fields`) and its OpenAPI
operation (:mod:`arbiter.api.openapi_paths`) are all made.

A declaration (:class:`Operation`) says what the operation takes (its path, and the struct its
body or its query is read into), what it answers (:class:`Answer`), which of the service's codes
it may refuse with, and what it does (``run``: the service's call). The declarations themselves
are in :mod:`arbiter.api.operations` (the API) and :mod:`arbiter.api.pages` (pages for people
and for operators).

Every request is read the same way, whichever protocol brought it (:meth:`Operation.read`): the
bytes of a JSON body, or of GraphQL's arguments written as that body, are decoded once by
msgspec straight into the declared struct (malformed JSON: ``400 malformed_json``; wrong types or
unknown members: ``422 invalid_request`` with a ``pointer``).
"""

from __future__ import annotations

import typing
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import msgspec

from arbiter.api.jsonguard import check_envelope, decode_error
from arbiter.api.service import Service

#: What an operation does: the service, the path's parameters, and what was read (the body's
#: struct, the query's, or ``None``) -> the answer (a msgspec struct).
Run = Callable[[Service, Mapping[str, str], Any], Awaitable[Any]]


@dataclass(frozen=True, kw_only=True)
class Parameter:
    """A parameter of the path (besides ``game``, which every game's operation has)."""

    name: str
    description: str
    #: The attribute of :class:`arbiter.api.openapi_examples.Examples` with its examples.
    examples: str | None = None
    #: Its JSON Schema; by default a segment the service serves (:mod:`arbiter.api.guard`).
    schema: Mapping[str, Any] | None = None


@dataclass(frozen=True, kw_only=True)
class Answer:
    """What an operation answers when it succeeds."""

    description: str
    #: The msgspec type answered: its component documents it (``schema`` names another).
    type: Any
    status: int = 200
    #: Its media type; one other than JSON (a stream of events) carries ``type`` as each item's.
    media: str = "application/json"
    schema: str | None = None
    #: Links to the requests that go on from the answer: the prefix of shared links under
    #: ``components/links`` (``Envelope``, ``Listed``, ``Validated``), or links of its own.
    links: str | Mapping[str, Any] | None = None
    #: The ``Location`` header's description, for an answer that made something.
    location: str | None = None
    #: Where that something lives, from the answer (``None``: nowhere to name).
    locate: Callable[[Any], str | None] | None = None

    @property
    def component(self) -> str:
        """The component documenting it ("": any JSON)."""
        return self.type.__name__ if self.schema is None else self.schema


@dataclass(frozen=True, kw_only=True)
class GraphQL:
    """The GraphQL field of an operation: its arguments are the path's parameters (``game``
    first), then the members of the body's (or query's) struct, in snake_case turned camelCase."""

    name: str
    description: str
    mutation: bool = False
    #: Members of the struct GraphQL does not take (REST accepts them, the operation ignores them).
    omit: tuple[str, ...] = ()
    #: Arguments named otherwise than the path's parameter (``state_id`` -> ``id``).
    rename: Mapping[str, str] = field(default_factory=dict)
    #: The whole body is one game value taken under this argument's name (a content pack).
    whole: str | None = None
    #: A ``record`` argument may stand for the members of a game record (a replay).
    record: bool = False


@dataclass(frozen=True, kw_only=True)
class Operation:
    """One operation of the service, declared once."""

    id: str
    path: str
    summary: str
    method: Literal["GET", "POST"] = "POST"
    description: str | None = None
    tags: tuple[str, ...] = ("games",)
    parameters: tuple[Parameter, ...] = ()
    #: The struct a JSON body is read into; ``msgspec.Raw`` for one game value taken whole.
    body: Any = None
    #: The component documenting the body, where not the struct's own ("": any JSON).
    body_schema: str | None = None
    body_text: str = ""
    #: The struct the query's parameters are read into.
    query: Any = None
    answer: Answer | None = None
    #: The responses of a page, as OpenAPI writes them (an operation without ``answer``).
    responses: Mapping[str, Any] | None = None
    #: The service's codes it may refuse with, each with the status it answers it with where
    #: that is not the code's own. Codes every operation of a kind may answer (a client's key, a
    #: rate, a path, a body, an idempotency key) are added by kind (:mod:`.openapi_paths`).
    errors: Mapping[str, int | None] = field(default_factory=dict)
    #: The rules may refuse it with a game's own code (``<game>.<rule>``).
    rule_codes: bool = False
    #: Safe to retry with an ``Idempotency-Key`` (REST) or an ``idempotencyKey`` (GraphQL).
    idempotent: bool = False
    #: One call may cost a lot: a GraphQL document may select it once at most.
    costly: bool = False
    #: Its ``game`` is one of the games that take positions.
    positions: bool = False
    #: Documented with its problem responses (pages answer their own 404s).
    problems: bool = True
    graphql: GraphQL | None = None
    #: What it does; ``None`` for a page served by an endpoint of its own module.
    run: Run | None = None
    _decoder: msgspec.json.Decoder[Any] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind = self.body if self.body is not None else self.query
        decoder = None if kind is None else msgspec.json.Decoder(kind)
        object.__setattr__(self, "_decoder", decoder)

    @property
    def api(self) -> bool:
        """An operation of the API (``/v1``): it reads the client's key (:mod:`.identify`)."""
        return self.path.startswith("/v1/")

    @property
    def of_game(self) -> bool:
        """Under ``/v1/games/{game}``."""
        return self.path.startswith("/v1/games/{game}")

    @property
    def path_names(self) -> tuple[str, ...]:
        """The names of the path's parameters, in order."""
        return tuple(part[1:-1] for part in self.path.split("/") if part.startswith("{"))

    def read(self, data: bytes) -> Any:
        """The struct of ``data`` (a JSON body, or a query written as one); every way the bytes
        can be wrong is a 4xx problem.

        The struct is decoded first (its types give the most precise pointers), then the body is
        checked for what msgspec lets through (:mod:`arbiter.api.jsonguard`): duplicate keys and
        bad UTF-8 in members kept raw. A large ``state`` member is left to the codec, which
        checks it only if it has to decode it (not when the service wrote those very bytes). A
        body taken whole (``msgspec.Raw``) is checked to be JSON, not parsed into objects.
        """
        if self._decoder is None:
            raise TypeError(f"{self.id} reads neither a body nor a query")
        try:
            decoded = self._decoder.decode(data)
        except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
            raise decode_error(error) from None
        check_envelope(data, getattr(decoded, "state", None))
        return decoded


def unwrapped(kind: Any) -> tuple[Any, str]:
    """The base type of a member's type (``X | None`` and ``Annotated`` taken off), and the
    description its ``Meta`` gives."""
    if typing.get_origin(kind) is not Annotated:
        kind = next((arg for arg in typing.get_args(kind) if arg is not type(None)), kind)
    if typing.get_origin(kind) is not Annotated:
        return kind, ""
    base, *metadata = typing.get_args(kind)
    text = next((m.description for m in metadata if isinstance(m, msgspec.Meta)), None)
    return base, text or ""
