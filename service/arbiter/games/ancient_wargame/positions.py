"""Positions (:mod:`.position`) to states and back.

:func:`state_of` builds the state a position describes: the table as given; every province and
sea of the pack, in play from its ``min_players``; the trait decks are the pack's cards named
nowhere (in the pack's order: a draw takes one at random); the state cards nobody holds stay in
the box; the pending steps are ``steps`` (the decision now on top) above the phases still to come
this turn and its end (:func:`~.common.begin_turn`'s stack). With no ``steps`` (and the game not
finished) the phase ``phase`` is about to begin: the rules begin it as at the table (phase 8
lists the heroes to move, phase 9 finds the clashes...), so a companion app jumps to a phase by
giving the table and the phase alone; the position of that state then shows the phase's steps. Every seat has its sealed draft (an
empty one if the position gives none). The position is checked first
(:func:`gaps`: every gap found, refused together), then the state
(:func:`.checks.check_state`), the sealed choices written again (:mod:`.position_drafts`), and
that the rules can go on from it and have nothing to do by
themselves (``position.unsettled``).

:func:`position_of` reads a state back, and refuses (``position.unexpressible``) a state of the
setup, so ``position_of(state_of(p)) == p`` for every position it returns.
"""

from __future__ import annotations

from arbiter.core import InvalidState
from arbiter.core.texts import text
from arbiter.games.ancient_wargame import checks, flow
from arbiter.games.ancient_wargame.position import (
    ArmyPosition,
    ProvincePosition,
    SeatPosition,
    Step,
    WargamePosition,
)
from arbiter.games.ancient_wargame.position_checks import (
    Gaps,
    check_playable,
    invalid,
    table_gaps,
)
from arbiter.games.ancient_wargame.position_drafts import check_drafts
from arbiter.games.ancient_wargame.position_steps import turn_gaps
from arbiter.games.ancient_wargame.state import (
    Army,
    Draft,
    EndTurn,
    Phase,
    Player,
    ProvinceState,
    SeaState,
    Task,
    TraitDecks,
    Troops,
    WargameState,
)
from arbiter.games.ancient_wargame.tables import Tables

State = WargameState
_DECKS = ("admin_plus", "admin_minus", "general_plus", "general_minus")
_EMPTY_DRAFT = Draft()


# ------------------------------------------------------------------------------ to a state


def gaps(p: WargamePosition, t: Tables) -> Gaps:
    """Every gap of the position (at most :data:`~arbiter.core.MAX_GAPS` listed, the rest
    counted): the table's, then the turn's. Each is a rule code, a pointer to the exact member and
    a reason."""
    g = Gaps()
    table_gaps(p, t, g)
    turn_gaps(p, t, g)
    return g


def state_of(
    p: WargamePosition, seed: int, content_id: str, t: Tables, rules_version: str
) -> State:
    """The state the position describes (see the module's docstring)."""
    gaps(p, t).refuse()
    s = _state(p, seed, content_id, t, rules_version)
    if not p.finished and not p.steps:  # the phase begins: the rules push its steps
        try:
            s = flow.advance(s, t, [])
        except Exception as err:
            raise invalid(
                "position.steps",
                text(
                    "phase {phase} cannot begin here ({kind})",
                    phase=p.phase,
                    kind=type(err).__name__,
                ),
                "",
            ) from None
    try:
        checks.check_state(s, t)
    except InvalidState as err:  # what the position checks missed: at the position's top
        raise invalid(err.code.split(".", 1)[1], err.message, "") from None
    check_drafts(s, t)
    check_playable(p, s, t)
    return s


def _state(p: WargamePosition, seed: int, content_id: str, t: Tables, rules_version: str) -> State:
    n = len(p.players)
    provinces = tuple(_province(p.provinces.get(x.id), x.min_players <= n) for x in t.provinces)
    seas = tuple(SeaState(in_play=x.min_players <= n, fleets=p.seas.get(x.id, ())) for x in t.seas)
    named = {c for h in p.heroes for c in (h.plus, h.minus) if c is not None}
    named.update(p.trait_discards)
    decks = TraitDecks(
        **{d: tuple(c for c in t.trait_decks[d] if c not in named) for d in _DECKS},
        discards=p.trait_discards,
    )
    players = tuple(
        Player(
            state=x.state,
            food=x.food,
            money=x.money,
            vp=x.vp,
            buildings=x.buildings,
            constructing=x.constructing,
            sciences=x.sciences,
            studying=x.studying,
            appeared=x.heroes_appeared,
            vp_bought=x.vp_bought,
            eliminated=x.eliminated,
        )
        for x in p.players
    )
    pending: list[Task] = []
    phase = p.phase
    if not p.finished:
        pending = [EndTurn(), *(Phase(number=k) for k in range(11, p.phase, -1))]
        pending.extend(reversed(p.steps))
        if not p.steps:  # the phase is about to begin (:func:`state_of` begins it)
            pending.append(Phase(number=p.phase))
            phase = p.phase - 1
    return State(
        seed=seed,
        content_id=content_id,
        rules_version=rules_version,
        options=p.options,
        stage="over" if p.finished else "play",
        turn=p.turn,
        phase=phase,
        players=players,
        provinces=provinces,
        seas=seas,
        heroes=p.heroes,
        created=p.heroes_created,
        wars=p.wars,
        deals=p.deals,
        shipyard_order=p.shipyard_order,
        admiralty_order=p.admiralty_order,
        spy_order=p.spy_order,
        traits=decks,
        states_left=(),
        counter_intel=p.counter_intel,
        fulfilled=p.fulfilled,
        drafts=tuple(x.sealed or _EMPTY_DRAFT for x in p.players),
        clashes=p.clashes,
        battle=p.battle,
        pending=tuple(pending),
    )


def _province(x: ProvincePosition | None, in_play: bool) -> ProvinceState:
    if x is None:
        return ProvinceState(in_play=in_play)
    armies = tuple(
        Army(
            seat=a.seat,
            troops=Troops(infantry=a.infantry, archers=a.archers, cavalry=a.cavalry),
            entered_from=a.entered_from,
            since=a.since,
        )
        for a in x.armies
    )
    return ProvinceState(
        in_play=in_play,
        owner=x.owner,
        fortresses=x.fortresses,
        armies=armies,
        sabotaged=x.sabotaged,
    )


# ------------------------------------------------------------------------------ of a state


def unexpressible(message: str, pointer: str) -> InvalidState:
    return invalid("position.unexpressible", message, pointer)


def position_of(s: State, t: Tables) -> WargamePosition:
    """The position of a state, everything known (for a master or an open game)."""
    if s.stage == "setup":
        raise unexpressible(text("during the setup the table is not laid out yet"), "/stage")
    steps: tuple[Step, ...] = ()
    if s.stage == "play":
        below = [EndTurn(), *(Phase(number=k) for k in range(11, s.phase, -1))]
        if list(s.pending[: len(below)]) != below:
            raise unexpressible(text("the phases still to come are not the turn's"), "/pending")
        rest = s.pending[len(below) :]
        if any(isinstance(x, (EndTurn, Phase)) for x in rest):
            raise unexpressible(text("a phase within a phase"), "/pending")
        steps = tuple(reversed(rest))  # type: ignore[arg-type]
    drafts = s.drafts
    return WargamePosition(
        options=s.options,
        players=tuple(
            _seat(x, drafts[i] if i < len(drafts) else _EMPTY_DRAFT)
            for i, x in enumerate(s.players)
        ),
        provinces={
            x.id: _province_position(p)
            for x, p in zip(t.provinces, s.provinces, strict=True)
            if p.owner is not None or p.fortresses or p.armies or p.sabotaged
        },
        seas={x.id: sea.fleets for x, sea in zip(t.seas, s.seas, strict=True) if sea.fleets},
        heroes=s.heroes,
        heroes_created=s.created,
        trait_discards=s.traits.discards,
        wars=s.wars,
        deals=s.deals,
        shipyard_order=s.shipyard_order,
        admiralty_order=s.admiralty_order,
        spy_order=s.spy_order,
        counter_intel=s.counter_intel,
        fulfilled=s.fulfilled,
        turn=s.turn,
        phase=s.phase,
        finished=s.stage == "over",
        clashes=s.clashes,
        battle=s.battle,
        steps=steps,
    )


def _seat(x: Player, draft: Draft) -> SeatPosition:
    return SeatPosition(
        state=x.state or "",
        food=x.food,
        money=x.money,
        vp=x.vp,
        buildings=x.buildings,
        constructing=x.constructing,
        sciences=x.sciences,
        studying=x.studying,
        heroes_appeared=x.appeared,
        vp_bought=x.vp_bought,
        eliminated=x.eliminated,
        sealed=None if draft == _EMPTY_DRAFT else draft,
    )


def _province_position(p: ProvinceState) -> ProvincePosition:
    return ProvincePosition(
        owner=p.owner,
        fortresses=p.fortresses,
        armies=tuple(
            ArmyPosition(
                seat=a.seat,
                infantry=a.troops.infantry,
                archers=a.troops.archers,
                cavalry=a.troops.cavalry,
                entered_from=a.entered_from,
                since=a.since,
            )
            for a in p.armies
        ),
        sabotaged=p.sabotaged,
    )
