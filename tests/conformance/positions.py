"""The generic checks of positions (:attr:`arbiter.core.Game.position_type`), for every game that
takes them: what ``tests/conformance/test_positions.py`` runs.

**Positions of reachable states** (:func:`check_round_trip`): the position of a state random play
reached is a value of the position type (it survives JSON and the type's bounds); ``state_of``
accepts it, with any seed, always making the same state of the same seed; the state passes
``check_state`` and a JSON round trip, is of the same rules and content pack, and
``position_of`` gives the position back: ``position_of(state_of(p, seed)) == p``. The same seats
(or chance) must decide as in the state the position was taken from, and each seat that must
decide has the same legal moves: the position says which decision is pending, in full.

**Mutated positions** (:func:`position_mutations`, :func:`check_mutated`): every member of a
position, nested structs and items of lists and maps included, is changed one at a time in the
ways its type allows -- a number shifted or moved to a bound, a flag flipped, another value of a
literal, a known value made unknown (``null``) or an unknown one known, a list emptied, shortened,
lengthened or one of its items changed, an entry of a map dropped. A change the type refuses is
what the service refuses at decoding (``422 invalid_request``) and is not the game's business.
Every other one the game must either refuse -- with an :class:`~arbiter.core.InvalidState` whose
code is the game's own (``<game>.…``) and whose pointer names a member that exists in the
submitted position -- or accept.

**How an accepted position is judged "a state random play could reach in principle"**
(:func:`check_reachable`). Exact reachability is undecidable in general (and for a position
with hidden parts it is a property of a set of states), so it is judged by every generic
evidence there is that the state behaves like a reachable one:

* it passes the game's invariants (``check_state``) and survives a JSON round trip;
* every view of it (spectator and each seat) round-trips and hides what it must: the view, and
  its text, are the same on a state differing only in what that seat cannot know
  (``hidden_variant``, checked itself) -- the conformance suite's own view checks;
* it is playable: whoever must act has legal moves, every listed move applies, unlisted changes
  of them are refused with the game's codes (the suite's move checks), or the game is over with a
  well-formed result; and it keeps being so along :data:`PLAYED` random decisions, every state on
  the way passing ``check_state``;
* what the game completed (hidden parts drawn from the seed) is a position of its own that
  round-trips: ``q = position_of(state_of(p))`` gives ``position_of(state_of(q)) == q``, and
  ``state_of`` of the same position and seed is always the same state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import msgspec.inspect as mi

from arbiter.core import CHANCE, Game, InvalidState, seat_count
from tests.conformance.harness import Checker, check_result

AnyGame = Game[Any, Any, Any, Any]

#: Random decisions played from the state of an accepted position.
PLAYED = 8
#: Listed moves of each state along :data:`PLAYED` that are applied and mutated.
SAMPLE = 2


# ----------------------------------------------------------------------------- the type


def unbounded(kind: Any) -> list[str]:
    """Where a position type lets a value grow without bound: each list, tuple, map, set or
    string without a ``max_length``, each number without an upper bound, each ``Any``. A body
    is bounded in bytes already; these bounds keep what ``state_of`` does with it bounded too."""
    found: list[str] = []
    seen: set[type[Any]] = set()

    def walk(t: mi.Type, where: str) -> None:
        if isinstance(t, mi.Metadata):
            walk(t.type, where)
        elif isinstance(t, mi.StructType):
            if t.cls in seen:
                return
            seen.add(t.cls)
            for f in t.fields:
                walk(f.type, f"{t.cls.__name__}.{f.encode_name}")
        elif isinstance(t, mi.UnionType):
            for x in t.types:
                walk(x, where)
        elif isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
            if t.max_length is None:
                found.append(f"{where}: items")
            walk(t.item_type, f"{where}[]")
        elif isinstance(t, mi.TupleType):
            for i, x in enumerate(t.item_types):
                walk(x, f"{where}[{i}]")
        elif isinstance(t, mi.DictType):
            if t.max_length is None:
                found.append(f"{where}: entries")
            walk(t.key_type, f"{where}{{key}}")
            walk(t.value_type, f"{where}{{}}")
        elif isinstance(t, mi.StrType):
            if t.max_length is None and not t.pattern:
                found.append(f"{where}: characters")
        elif isinstance(t, mi.IntType | mi.FloatType):
            if t.le is None and t.lt is None:
                found.append(f"{where}: no upper bound")
        elif isinstance(t, mi.AnyType | mi.RawType):
            found.append(f"{where}: any value")

    walk(mi.type_info(kind), kind.__name__)
    return found


# ------------------------------------------------------------------------------ mutations


def _samples(t: mi.Type) -> list[Any]:
    """A few values of a type, to put where a value of another type of a union stands."""
    if isinstance(t, mi.Metadata):
        return _samples(t.type)
    if isinstance(t, mi.NoneType):
        return [None]
    if isinstance(t, mi.BoolType):
        return [True, False]
    if isinstance(t, mi.IntType):
        low = t.ge if t.ge is not None else 0
        high = t.le if t.le is not None else 97
        return sorted({low, high, max(low, min(high, 1))})
    if isinstance(t, mi.StrType):
        return ["", "x"]
    if isinstance(t, mi.LiteralType):
        return list(t.values)
    if isinstance(t, mi.ListType | mi.VarTupleType):
        return [()]
    return []


def _matches(t: mi.Type, value: Any) -> bool:
    """Whether ``value`` is of the (non-union) type ``t``, as the decoder would have made it."""
    if isinstance(t, mi.Metadata):
        return _matches(t.type, value)
    if isinstance(t, mi.NoneType):
        return value is None
    if isinstance(t, mi.BoolType):
        return isinstance(value, bool)
    if isinstance(t, mi.IntType):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(t, mi.FloatType):
        return isinstance(value, float)
    if isinstance(t, mi.StrType):
        return isinstance(value, str)
    if isinstance(t, mi.LiteralType):
        return value in t.values
    if isinstance(t, mi.StructType):
        return isinstance(value, t.cls)
    if isinstance(t, mi.ListType):
        return isinstance(value, list)
    if isinstance(t, mi.VarTupleType | mi.TupleType):
        return isinstance(value, tuple)
    if isinstance(t, mi.DictType):
        return isinstance(value, dict)
    if isinstance(t, mi.SetType | mi.FrozenSetType):
        return isinstance(value, set | frozenset)
    return False


def variants(value: Any, t: mi.Type) -> Iterator[Any]:
    """``value`` (of type ``t``) changed in one place, in every way its type allows (module
    docstring); some changes break the type's bounds: the caller filters them."""
    if isinstance(t, mi.Metadata):
        yield from variants(value, t.type)
    elif isinstance(t, mi.UnionType):
        own = next((x for x in t.types if _matches(x, value)), None)
        if own is not None:
            yield from variants(value, own)
        for other in t.types:
            if other is not own:
                yield from (v for v in _samples(other) if v != value)
    elif isinstance(t, mi.BoolType):
        yield not value
    elif isinstance(t, mi.IntType):
        bounds = [b for b in (t.ge, t.le) if b is not None]
        yield from dict.fromkeys(v for v in (value + 1, value - 1, -1, 97, *bounds) if v != value)
    elif isinstance(t, mi.StrType):
        yield from (value + "-x", "")
    elif isinstance(t, mi.LiteralType):
        yield from (v for v in t.values if v != value)
    elif isinstance(t, mi.StructType):
        for f in t.fields:
            for changed in variants(getattr(value, f.name), f.type):
                yield msgspec.structs.replace(value, **{f.name: changed})
    elif isinstance(t, mi.ListType | mi.VarTupleType):
        kind = type(value)
        items = list(value)
        if items:
            yield kind(())
            yield kind(items[:-1])
            yield kind([*items, items[0]])
        for i, item in enumerate(items):
            for changed in variants(item, t.item_type):
                yield kind([*items[:i], changed, *items[i + 1 :]])
    elif isinstance(t, mi.TupleType):
        items = list(value)
        for i, (item, kind) in enumerate(zip(items, t.item_types, strict=True)):
            for changed in variants(item, kind):
                yield tuple([*items[:i], changed, *items[i + 1 :]])
    elif isinstance(t, mi.DictType):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for changed in variants(value[key], t.value_type):
                yield {**value, key: changed}


def position_mutations(game: AnyGame, position: Any, rng: random.Random, limit: int) -> list[Any]:
    """At most ``limit`` distinct changes of ``position`` that its type accepts (after a JSON
    round trip, so its bounds apply), drawn with ``rng`` from all of them."""
    decoder = msgspec.json.Decoder(game.position_type)
    original = msgspec.json.encode(position)
    kept: dict[bytes, Any] = {}
    for candidate in variants(position, mi.type_info(game.position_type)):
        try:
            data = msgspec.json.encode(candidate)
        except (TypeError, msgspec.EncodeError):
            continue
        if data == original or data in kept:
            continue
        try:
            kept[data] = decoder.decode(data)
        except msgspec.ValidationError:
            continue  # the service refuses it before the game sees it (invalid_request)
    chosen = list(kept.values())
    return chosen if len(chosen) <= limit else rng.sample(chosen, limit)


# -------------------------------------------------------------------------------- checks


def plain(value: Any) -> Any:
    """A position as JSON-like data with every member, those at their defaults too (which the
    JSON leaves out): a pointer may name a member a client left out."""
    if isinstance(value, msgspec.Struct):
        return {f.encode_name: plain(getattr(value, f.name)) for f in msgspec.structs.fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def resolves(document: Any, pointer: str) -> bool:
    """Whether the JSON pointer (RFC 6901) names a member of ``document``."""
    if pointer == "":
        return True
    if not pointer.startswith("/"):
        return False
    node = document
    for raw in pointer[1:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def play(game: AnyGame, players: int, seed: int, decisions: int) -> Any:
    """The state after up to ``decisions`` random decisions of a new game (chance from its
    seed), stopping at the end."""
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        actors = game.to_act(state)
        if not actors:
            break
        if actors[0] == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.all_legal_moves(state))
        state, _ = game.apply_unchecked(state, move)
    return state


def check_round_trip(game: AnyGame, state: Any, seed: int) -> Any:
    """The position of a reachable ``state`` is accepted and round-trips (module docstring);
    the state ``state_of`` makes of it."""
    position = game.position_of(state)
    decoder = msgspec.json.Decoder(game.position_type)
    data = msgspec.json.encode(position)
    assert decoder.decode(data) == position, "a position does not survive JSON and its type"
    made = game.state_of(position, seed)
    assert game.state_of(position, seed) == made, "state_of is not a function of its seed"
    assert game.position_of(made) == position, "position_of(state_of(p)) != p"
    assert (made.rules_version, made.content_id) == (state.rules_version, state.content_id)
    game.check_state(made)
    Checker(game).round_trip_state(made)
    actors = game.to_act(made)
    assert actors == game.to_act(state), "the position lost whose decision is pending"
    for actor in actors:
        if actor != CHANCE:
            assert game.legal_moves(made, actor) == game.legal_moves(state, actor), (
                f"seat {actor} has other legal moves in the state of its position"
            )
    return made


def check_reachable(game: AnyGame, state: Any, rng: random.Random) -> None:
    """``state`` behaves like a state random play reaches (module docstring)."""
    checker = Checker(game)
    game.check_state(state)
    checker.round_trip_state(state)
    players = seat_count(state)
    for played in range(PLAYED + 1):
        if players is not None:  # one viewer's table rendered a decision, in rotation
            checker.check_views(state, players, rng, texts=played)
        actors = game.to_act(state)
        if not actors:
            result = game.result(state)
            assert result is not None, "a state nobody must act in has no result"
            if players is not None:
                check_result(result, players)
            else:
                assert result.winners or any(o.place == 1 for o in result.opponents)
            return
        assert game.result(state) is None, "a game going on has a result"
        moves = checker.check_moves(state, rng, SAMPLE)
        move = game.sample_chance(state) if actors[0] == CHANCE else rng.choice(moves)
        state, _ = game.apply(state, move)
        game.check_state(state)


def check_completed(game: AnyGame, position: Any, seed: int) -> Any:
    """An accepted ``position``: its state is deterministic and what the game completed
    round-trips as a position of its own; the state."""
    made = game.state_of(position, seed)
    assert game.state_of(position, seed) == made, "state_of is not a function of its seed"
    completed = game.position_of(made)
    decoder = msgspec.json.Decoder(game.position_type)
    assert decoder.decode(msgspec.json.encode(completed)) == completed
    again = game.state_of(completed, seed)
    assert game.position_of(again) == completed, "a completed position does not round-trip"
    return made


def check_mutated(game: AnyGame, position: Any, seed: int, rng: random.Random) -> str:
    """A mutated position is refused with the game's code and a pointer into it, or accepted
    and reachable in principle; ``"refused"`` or ``"accepted"``."""
    try:
        state = game.state_of(position, seed)
    except InvalidState as refusal:
        assert refusal.code.startswith(f"{game.id}."), refusal.code
        assert refusal.message, refusal.code
        document = plain(position)
        assert resolves(document, refusal.pointer), (
            f"{refusal.code} points at {refusal.pointer!r}, not into the position"
        )
        return "refused"
    del state
    made = check_completed(game, position, seed)
    check_reachable(game, made, rng)
    return "accepted"
