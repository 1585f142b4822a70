"""Battles («Битва»).

After the whole Move action, every territory where the active player's character or mechs share
the space with another player's character or mechs holds a battle; the attacker chooses the
order. Before the reveal the combat abilities act, the attacker's first («Преимущество
атакующего»): Disarm (automatic), Artillery (a choice), Scout (a card taken at random). Then
both players choose SIMULTANEOUSLY and secretly: combat cards, one per character or mech in the
battle (+1 with People's Army and a worker there), then a power dial value (at most 7 and at most
their power). The reveal («Раскрытие»): the higher total wins, ties go to the attacker; both pay
their dial; the loser's units go home; a loser who spent anything draws a card; the winner places
a combat star if it may («не более 2 звезд», Saxony unlimited); an attacking winner loses 1
popularity per worker sent home (not with Camaraderie).
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.core.tuples import remove_first
from arbiter.games.scythe.board import (
    fighters,
    has_ability,
    has_units,
    pop,
    push,
    refuse,
    replace_top,
    update_player,
)
from arbiter.games.scythe.events import (
    BattleRevealed,
    CombatCardStolen,
    WorkersSentHome,
)
from arbiter.games.scythe.moves import (
    AddCombatCard,
    ChooseBattle,
    CommitPower,
    Retreat,
    StealCombatCard,
    UseArtillery,
)
from arbiter.games.scythe.stars import max_combat_stars, place_star
from arbiter.games.scythe.state import (
    CARD_VALUES,
    Battle,
    Battles,
    DrawCombat,
    RetreatTask,
    ScytheState,
    Side,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
ChoiceMove = AddCombatCard | CommitPower


def battle_territories(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    spots = sorted({loc for loc in (p.character, *p.mechs)})
    return [
        loc for loc in spots if any(i != seat and fighters(q, loc) for i, q in enumerate(s.players))
    ]


def new_battle(s: State, seat: int, territory: str) -> Battle:
    defender = next(i for i, q in enumerate(s.players) if i != seat and fighters(q, territory))
    return Battle(territory=territory, attacker=seat, defender=defender)


def start_battles(s: State, seat: int) -> State | None:
    """Push the next battle (or the choice of it); ``None`` when none is left."""
    places = battle_territories(s, seat)
    if not places:
        return None
    if len(places) == 1:
        return push(s, new_battle(s, seat, places[0]))
    return push(s, Battles(seat=seat, territories=tuple(places)))


def choose_battle_refusal(task: Battles, m: ChooseBattle) -> IllegalMove | None:
    if m.territory not in task.territories:
        return refuse(
            "combat.no_battle_there", text("no battle waits on {territory}", territory=m.territory)
        )
    return None


def apply_choose_battle(s: State, task: Battles, m: ChooseBattle) -> State:
    return replace_top(s, new_battle(pop(s), task.seat, m.territory))


# ------------------------------------------------------------------------ abilities


def _opponent(b: Battle, seat: int) -> int:
    return b.defender if seat == b.attacker else b.attacker


def _abilities_after(s: State, t: Tables, b: Battle, seat: int, done: str) -> Battle:
    """The next ability of ``seat`` after ``done`` (disarm, artillery, scout), or the other
    side's abilities, or the choice."""
    p = s.players[seat]
    foe = s.players[_opponent(b, seat)]
    order = ("disarm", "artillery", "scout")
    for ability in order[order.index(done) + 1 :]:
        if ability == "artillery" and has_ability(p, "artillery") and p.power >= 1:
            return msgspec.structs.replace(b, stage="artillery", acting=seat)
        if ability == "scout" and has_ability(p, "scout") and foe.hand:
            return msgspec.structs.replace(b, stage="scout", acting=seat)
    if seat == b.attacker:
        return msgspec.structs.replace(b, stage="defender_abilities", acting=b.defender)
    return msgspec.structs.replace(b, stage="choose", acting=-1)


def _lose_power(s: State, seat: int, amount: int) -> State:
    p = s.players[seat]
    return update_player(s, seat, power=max(0, p.power - amount))


def run_abilities(s: State, t: Tables, b: Battle) -> State:
    """Disarm («Ослабление мощи»): on a territory with a tunnel the opponent loses 2 power."""
    seat = b.attacker if b.stage == "attacker_abilities" else b.defender
    if has_ability(s.players[seat], "disarm") and b.territory in t.tunnel:
        s = _lose_power(s, _opponent(b, seat), 2)
    return replace_top(s, _abilities_after(s, t, b, seat, "disarm"))


def artillery_refusal(s: State, b: Battle, m: UseArtillery) -> IllegalMove | None:
    if m.use and s.players[m.seat].power < 1:
        return refuse("combat.artillery_power", text("Artillery costs 1 power"))
    return None


def apply_artillery(s: State, t: Tables, b: Battle, m: UseArtillery) -> State:
    """«Артиллерия: ... заплатить 1 Силу, чтобы Ваш противник потерял 2 Силы»."""
    if m.use:
        s = _lose_power(s, m.seat, 1)
        s = _lose_power(s, _opponent(b, m.seat), 2)
    return replace_top(s, _abilities_after(s, t, b, m.seat, "artillery"))


def scout_weights(s: State, b: Battle) -> list[tuple[int, int]]:
    hand = s.players[_opponent(b, b.acting)].hand
    return [(v, hand.count(v)) for v in CARD_VALUES if hand.count(v)]


def skip_scout(s: State, t: Tables, b: Battle) -> Battle:
    """Scout with nothing to take: go on to the next ability."""
    return _abilities_after(s, t, b, b.acting, "scout")


def apply_scout(s: State, t: Tables, b: Battle, m: StealCombatCard, events: list[Event]) -> State:
    """«РАЗВЕДЧИК: Перед битвой, украдите одну из карт битвы соперника»."""
    thief, victim = b.acting, _opponent(b, b.acting)
    s = update_player(s, victim, hand=remove_first(s.players[victim].hand, m.value))
    s = update_player(s, thief, hand=tuple(sorted((*s.players[thief].hand, m.value))))
    events.append(
        CombatCardStolen(seat=thief, victim=victim, value=m.value, visible_to=(thief, victim))
    )
    return replace_top(s, _abilities_after(s, t, b, thief, "scout"))


# ------------------------------------------------------------------------ the choice


def card_limit(s: State, t: Tables, b: Battle, seat: int) -> int:
    """One card per character or mech; People's Army: +1 with a worker in the battle."""
    p = s.players[seat]
    n = fighters(p, b.territory)
    if has_ability(p, "peoples_army") and b.territory in p.workers and n:
        n += 1
    return n


def side_of(b: Battle, seat: int) -> Side:
    return b.attacker_side if seat == b.attacker else b.defender_side


def choosing(b: Battle) -> tuple[int, ...]:
    """The seats still choosing (both at once: simultaneous)."""
    if b.stage != "choose":
        return ()
    return tuple(
        seat
        for seat, side in ((b.attacker, b.attacker_side), (b.defender, b.defender_side))
        if not side.committed
    )


def choice_refusal(s: State, t: Tables, b: Battle, m: ChoiceMove) -> IllegalMove | None:
    side = side_of(b, m.seat)
    p = s.players[m.seat]
    if isinstance(m, AddCombatCard):
        if len(side.cards) >= card_limit(s, t, b, m.seat):
            return refuse(
                "combat.too_many_cards",
                text(
                    "one combat card per character or mech in the battle («Добавить карту битвы»)"
                ),
            )
        if m.value not in p.hand:
            return refuse(
                "combat.no_such_card", text("you hold no combat card of {value}", value=m.value)
            )
        return None
    if m.power < 0:
        return refuse("combat.power_negative", text("the power dial starts at 0"))
    if m.power > t.content.tracks.power_dial_max:
        return refuse(
            "combat.power_over_7",
            text("«потратить на Круге Силы можете не более 7» («Выбор силы»)"),
        )
    if m.power > p.power:
        return refuse(
            "combat.power_over_track", text("«Нельзя выбрать число больше того, что Вы имеете»")
        )
    return None


def choice_moves(s: State, t: Tables, b: Battle, seat: int) -> list[ChoiceMove]:
    p = s.players[seat]
    out: list[ChoiceMove] = []
    if len(side_of(b, seat).cards) < card_limit(s, t, b, seat):
        out.extend(AddCombatCard(seat=seat, value=v) for v in sorted(set(p.hand)))
    top = min(t.content.tracks.power_dial_max, p.power)
    out.extend(CommitPower(seat=seat, power=x) for x in range(top + 1))
    return out


def apply_choice(s: State, b: Battle, m: ChoiceMove) -> State:
    side = side_of(b, m.seat)
    if isinstance(m, AddCombatCard):
        s = update_player(s, m.seat, hand=remove_first(s.players[m.seat].hand, m.value))
        side = msgspec.structs.replace(side, cards=(*side.cards, m.value))
    else:
        side = msgspec.structs.replace(side, power=m.power, committed=True)
    if m.seat == b.attacker:
        b = msgspec.structs.replace(b, attacker_side=side)
    else:
        b = msgspec.structs.replace(b, defender_side=side)
    return replace_top(s, b)


# ------------------------------------------------------------------------ the reveal


def _send_home(s: State, t: Tables, seat: int, territory: str) -> tuple[State, int]:
    """«Проигравший должен вернуть всех своих юнитов ... на свою домашнюю базу»."""
    p = s.players[seat]
    home = t.base_of[p.faction]
    n = p.workers.count(territory)
    s = update_player(
        s,
        seat,
        character=home if p.character == territory else p.character,
        mechs=tuple(home if x == territory else x for x in p.mechs),
        workers=tuple(home if x == territory else x for x in p.workers),
    )
    return s, n


def _retreat_lakes(s: State, t: Tables, seat: int, territory: str) -> list[str]:
    """Lakes next to the battle with no other player's units."""
    return sorted(
        lake
        for lake in t.touching[territory]
        if lake in t.lakes
        and not any(i != seat and has_units(q, lake) for i, q in enumerate(s.players))
    )


def retreat_refusal(s: State, t: Tables, task: RetreatTask, m: Retreat) -> IllegalMove | None:
    home = t.base_of[s.players[task.seat].faction]
    if m.to != home and m.to not in _retreat_lakes(s, t, task.seat, task.territory):
        return refuse(
            "combat.retreat", text("retreat to the home base or an adjacent lake («Мореходы»)")
        )
    return None


def retreat_moves(s: State, t: Tables, task: RetreatTask) -> list[Retreat]:
    home = t.base_of[s.players[task.seat].faction]
    places = [home, *_retreat_lakes(s, t, task.seat, task.territory)]
    return [Retreat(seat=task.seat, to=x) for x in places]


def apply_retreat(s: State, task: RetreatTask, m: Retreat) -> State:
    s = pop(s)
    p = s.players[task.seat]
    mechs = list(p.mechs)
    for i in task.mechs:
        mechs[i] = m.to
    workers = list(p.workers)
    if task.mechs:  # workers ride a mech onto the lake
        for i in task.workers:
            workers[i] = m.to
    return update_player(
        s,
        task.seat,
        character=m.to if task.character else p.character,
        mechs=tuple(mechs),
        workers=tuple(workers),
    )


def resolve(s: State, t: Tables, b: Battle, events: list[Event]) -> State:
    a, d = b.attacker_side, b.defender_side
    total_a = a.power + sum(a.cards)
    total_d = d.power + sum(d.cards)
    winner = b.attacker if total_a >= total_d else b.defender
    loser = _opponent(b, winner)
    events.append(
        BattleRevealed(
            territory=b.territory,
            attacker=b.attacker,
            defender=b.defender,
            attacker_power=a.power,
            attacker_cards=a.cards,
            defender_power=d.power,
            defender_cards=d.cards,
            winner=winner,
        )
    )
    s = _lose_power(s, b.attacker, a.power)
    s = _lose_power(s, b.defender, d.power)
    discard = list(s.combat_discard)
    for v in (*a.cards, *d.cards):
        discard[CARD_VALUES.index(v)] += 1
    s = msgspec.structs.replace(s, combat_discard=(discard[0], discard[1], discard[2], discard[3]))
    beaten = s.players[loser]
    retreat = RetreatTask(
        seat=loser,
        territory=b.territory,
        character=beaten.character == b.territory,
        mechs=tuple(i for i, x in enumerate(beaten.mechs) if x == b.territory),
        workers=tuple(i for i, x in enumerate(beaten.workers) if x == b.territory),
    )
    s, workers = _send_home(s, t, loser, b.territory)
    if workers:
        events.append(WorkersSentHome(seat=loser, territory=b.territory, workers=workers))
    s = pop(s)
    lost_side = a if loser == b.attacker else d
    if lost_side.power > 0 or lost_side.cards:
        s = push(s, DrawCombat(seat=loser, count=1))
    if has_ability(s.players[loser], "seaworthy") and _retreat_lakes(s, t, loser, b.territory):
        s = push(s, retreat)
    if winner == b.attacker and workers:
        s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, forced_retreat=True))
        if not has_ability(s.players[winner], "camaraderie"):
            p = s.players[winner]
            s = update_player(s, winner, popularity=max(0, p.popularity - workers))
    w = s.players[winner]
    if w.stars.count("combat") < max_combat_stars(w, t):
        s = place_star(s, t, winner, "combat", events)
    return s
