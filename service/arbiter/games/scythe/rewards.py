"""Costs and rewards shared by the mat, the encounter cards, the Factory cards and recruits.

«Выполняя действие, сначала заплатите его стоимость, потом получите награду (или часть
награды)». A cost is paid in full first. The top row's single-kind rewards (Bolster's power or
combat cards, Trade's popularity, Move's coins, the Monument's and the Armory's bonus) are one
decision, :class:`~.moves.TakeAmount` of 0 to the full amount (:class:`~.state.AmountTask`);
the other rewards (Trade's resources, encounters, Factory cards, recruits) are taken one unit at
a time (:class:`~.moves.GainOne`) and may be left (:class:`~.moves.StopGaining`).
"""

from __future__ import annotations

import msgspec

from arbiter.core import IllegalMove
from arbiter.core.texts import term, text
from arbiter.games.scythe import bottom_actions
from arbiter.games.scythe.board import (
    add_resources,
    control_map,
    discard_card,
    gain_track,
    pop,
    push,
    refuse,
    replace_top,
    update_player,
)
from arbiter.games.scythe.content import RESOURCES, Cost, Reward
from arbiter.games.scythe.moves import (
    DiscardCombatCard,
    GainItem,
    GainOne,
    StopGaining,
    TakeAmount,
)
from arbiter.games.scythe.state import (
    AmountTask,
    DiscardTask,
    DrawCombat,
    GainTask,
    PlayerState,
    ProduceTask,
    Resources,
    ScytheState,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
RESOURCE_ITEMS: tuple[GainItem, ...] = ("food", "wood", "metal", "oil")
SIMPLE_ITEMS: tuple[GainItem, ...] = ("coins", "popularity", "power", "combat_cards", "worker")
ACTION_ITEMS: tuple[GainItem, ...] = ("upgrade", "deploy", "build", "enlist", "produce")


def cost_refusal(p: PlayerState, cost: Cost) -> IllegalMove | None:
    """«ТРЕБУЕТСЯ ОПЛАТА»: a cost is paid in full or the action cannot be taken."""
    if p.coins < cost.coins:
        return refuse(
            "pay.not_enough_coins",
            text("it costs ${coins}; you have ${coins2}", coins=cost.coins, coins2=p.coins),
        )
    if p.popularity < cost.popularity:
        return refuse(
            "pay.not_enough_popularity",
            text("it costs {popularity} popularity («Стоимость»)", popularity=cost.popularity),
        )
    if p.power < cost.power:
        return refuse(
            "pay.not_enough_power", text("it costs {power} power («Стоимость»)", power=cost.power)
        )
    if len(p.hand) < cost.combat_cards:
        return refuse(
            "pay.not_enough_combat_cards",
            text("it costs {combat_cards} combat card(s)", combat_cards=cost.combat_cards),
        )
    return None


def pay(s: State, seat: int, cost: Cost) -> State:
    """Pay the track and coin parts of a cost; push the choice of the combat cards to discard."""
    p = s.players[seat]
    s = update_player(
        s,
        seat,
        coins=p.coins - cost.coins,
        popularity=p.popularity - cost.popularity,
        power=p.power - cost.power,
    )
    if cost.combat_cards:
        s = push(s, DiscardTask(seat=seat, count=cost.combat_cards))
    return s


# ------------------------------------------------------------------------- discarding


def discard_moves(s: State, task: DiscardTask) -> list[DiscardCombatCard]:
    return [
        DiscardCombatCard(seat=task.seat, value=v) for v in sorted(set(s.players[task.seat].hand))
    ]


def discard_refusal(s: State, task: DiscardTask, m: DiscardCombatCard) -> IllegalMove | None:
    if m.value not in s.players[task.seat].hand:
        return refuse(
            "pay.no_such_combat_card", text("you hold no combat card of {value}", value=m.value)
        )
    return None


def apply_discard(s: State, task: DiscardTask, m: DiscardCombatCard) -> State:
    s = discard_card(s, task.seat, m.value)
    if task.count > 1:
        return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    return pop(s)


# ------------------------------------------------------------------------- gaining


def trade_territories(s: State, t: Tables, seat: int) -> list[str]:
    """«положите их на любую контролируемую Вами территорию с рабочим на ней»."""
    cmap = control_map(s, t)
    workers = set(s.players[seat].workers)
    return [x for x in t.territories if x in workers and cmap.get(x) == seat]


def _action_possible(s: State, t: Tables, task: GainTask, item: str) -> bool:
    target = TargetTask(
        seat=task.seat,
        action=item,  # type: ignore[arg-type]
        free=True,
        place=task.actions_at if item in ("deploy", "build") else None,
    )
    return bool(bottom_actions.target_moves(s, t, target, with_decline=False))


def _in_reward(r: Reward, item: str) -> int:
    """How many of ``item`` the reward still gives (any resource counts for each resource)."""
    amount = getattr(r, item, 0) if item != "worker" else r.workers
    if item in RESOURCE_ITEMS:
        amount += r.any_resources
    return amount


def _item_refusal(s: State, t: Tables, task: GainTask, item: str) -> IllegalMove | None:
    """Why ``item``, which the reward gives, may not be gained now, wherever it would go."""
    p = s.players[task.seat]
    tracks = t.content.tracks
    if item == "power" and p.power >= tracks.power_max:
        return refuse("gain.track_full", text("power is at the top of its track (16)"))
    if item == "popularity" and p.popularity >= tracks.popularity_max:
        return refuse("gain.track_full", text("popularity is at the top of its track (18)"))
    if item == "combat_cards" and not any(s.combat_deck) and not any(s.combat_discard):
        # «Если колода сброса пуста, карту взять нельзя» («Усиление»)
        return refuse("gain.no_combat_card", text("the combat deck and its discard pile are empty"))
    if item == "worker" and len(p.workers) >= 8:
        return refuse("gain.no_worker_left", text("no worker is left on your mat"))
    if item in ACTION_ITEMS and item != "produce" and not _action_possible(s, t, task, item):
        return refuse("gain.action_impossible", text("there is nothing to {item}", item=term(item)))
    return None


def _placed(item: str) -> bool:
    """Whether the item is put on a territory: resources and workers."""
    return item in RESOURCE_ITEMS or item == "worker"


def gain_refusal(s: State, t: Tables, task: GainTask, m: GainOne) -> IllegalMove | None:
    if _in_reward(task.reward, m.item) <= 0:
        return refuse("gain.not_in_reward", text("the reward holds no {item}", item=term(m.item)))
    refused = _item_refusal(s, t, task, m.item)
    if refused is not None:
        return refused
    if _placed(m.item) and not task.place:
        if m.territory not in trade_territories(s, t, task.seat):
            return refuse(
                "trade.territory",
                text("resources go to a territory you control with a worker on it («Торговля»)"),
            )
    elif m.territory is not None:
        return refuse("gain.territory", text("this reward is not placed on a territory you choose"))
    return None


def gain_moves(s: State, t: Tables, task: GainTask) -> list[GainOne | StopGaining]:
    """The items of the reward that may be gained, each legal as made (:func:`gain_refusal`
    says why another is not): a placed item on each territory it may go to, unless the reward's
    territory is chosen already."""
    out: list[GainOne | StopGaining] = []
    seat = task.seat
    trade = None if task.place else trade_territories(s, t, seat)
    for item in (*SIMPLE_ITEMS, *RESOURCE_ITEMS, *ACTION_ITEMS):
        if _in_reward(task.reward, item) <= 0 or _item_refusal(s, t, task, item) is not None:
            continue
        if trade is not None and _placed(item):
            out += [GainOne(seat=seat, item=item, territory=x) for x in trade]  # type: ignore[arg-type]
        else:
            out.append(GainOne(seat=seat, item=item, territory=None))  # type: ignore[arg-type]
    out.append(StopGaining(seat=seat))
    return out


def _less(r: Reward, item: str) -> Reward:
    if item in RESOURCE_ITEMS and getattr(r, item) <= 0:
        return msgspec.structs.replace(r, any_resources=r.any_resources - 1)
    field = "workers" if item == "worker" else item
    if item == "produce":
        return msgspec.structs.replace(r, produce=0)
    return msgspec.structs.replace(r, **{field: getattr(r, field) - 1})


def apply_gain(s: State, t: Tables, task: GainTask, m: GainOne | StopGaining) -> State:
    if isinstance(m, StopGaining):
        return pop(s)
    seat = task.seat
    rest = _less(task.reward, m.item)
    s = pop(s)
    if not rest.is_empty():
        # «положите их на контролируемую Вами территорию с рабочим»: one territory for all
        place = task.place or m.territory
        s = push(s, msgspec.structs.replace(task, reward=rest, place=place))
    p = s.players[seat]
    item = m.item
    if item == "coins":
        return update_player(s, seat, coins=p.coins + 1)
    if item == "popularity":
        return gain_track(s, t, seat, popularity=1)
    if item == "power":
        return gain_track(s, t, seat, power=1)
    if item == "combat_cards":
        return push(s, DrawCombat(seat=seat, count=1))
    where = task.place or m.territory
    if item in RESOURCE_ITEMS:
        assert where is not None  # gain_refusal: resources go to a territory
        return add_resources(s, t, where, Resources().plus(RESOURCES[RESOURCE_ITEMS.index(item)]))
    if item == "worker":
        assert where is not None
        return update_player(s, seat, workers=(*p.workers, where))
    if item == "produce":
        return push(s, ProduceTask(seat=seat, territories_left=task.reward.produce))
    place = task.actions_at if item in ("deploy", "build") else None
    return push(s, TargetTask(seat=seat, action=item, free=True, place=place))  # type: ignore[arg-type]


def gain_pending(s: State, t: Tables, task: GainTask) -> bool:
    """Whether anything of the reward can still be taken (else the task ends by itself)."""
    return len(gain_moves(s, t, task)) > 1


# ------------------------------------------------------------------------- one amount


def amount_max(s: State, t: Tables, task: AmountTask) -> int:
    """The most of the reward that can be taken now: the full amount, but never beyond a track's
    end (power 16, popularity 18) nor more combat cards than the deck and discard pile hold
    («Если колода сброса пуста, карту взять нельзя»)."""
    p = s.players[task.seat]
    tracks = t.content.tracks
    if task.item == "power":
        room = tracks.power_max - p.power
    elif task.item == "popularity":
        room = tracks.popularity_max - p.popularity
    elif task.item == "combat_cards":
        room = sum(s.combat_deck) + sum(s.combat_discard)
    else:
        room = task.full
    return max(0, min(task.full, room))


def amount_refusal(s: State, t: Tables, task: AmountTask, m: TakeAmount) -> IllegalMove | None:
    most = amount_max(s, t, task)
    if not 0 <= m.amount <= most:
        why = {
            "power": text(" (power ends at 16)"),
            "popularity": text(" (popularity ends at 18)"),
            "combat_cards": text(" (the combat cards left to draw)"),
        }
        extra = why.get(task.item, "") if most < task.full else ""
        return refuse(
            "gain.amount",
            text(
                "take 0 to {most} of the {full} {item}{extra} («или часть награды»)",
                most=most,
                full=task.full,
                item=term(task.item),
                extra=extra,
            ),
        )
    return None


def amount_moves(s: State, t: Tables, task: AmountTask) -> list[TakeAmount]:
    return [TakeAmount(seat=task.seat, amount=a) for a in range(amount_max(s, t, task) + 1)]


def apply_amount(s: State, t: Tables, task: AmountTask, m: TakeAmount) -> State:
    s = pop(s)
    seat, n = task.seat, m.amount
    if task.item == "power":
        return gain_track(s, t, seat, power=n)
    if task.item == "popularity":
        return gain_track(s, t, seat, popularity=n)
    if task.item == "coins":
        return update_player(s, seat, coins=s.players[seat].coins + n)
    return push(s, DrawCombat(seat=seat, count=n)) if n else s


def amount_pending(s: State, t: Tables, task: AmountTask) -> bool:
    """Whether there is a choice (else nothing can be taken and the task ends by itself)."""
    return amount_max(s, t, task) > 0
