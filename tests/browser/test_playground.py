"""The playground (``/play``) in a real browser: every registered game is set up, played for a
whole turn by clicking its legal-move buttons, checked against what the events say, given a chance
outcome by hand, and taken back through a sealed game's master handle; a screenshot of each game
is saved (``build/test-output/playground/<game>.png``). A sealed game's seats play in tabs of their
own, each following the table's event stream (``seat-tab-*.png``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from arbiter.games import registry
from bench.support import Server, get, post

GAMES = registry().ids()
#: The most clicks a whole turn of one seat may take in these seeded games.
MOST_CLICKS = 150

Json = dict[str, Any]


def session(page: Page) -> Json:
    """The page's own state (``window.arbiter.session``: the last answer, the log, ...)."""
    found: Json = page.evaluate("() => JSON.parse(JSON.stringify(window.arbiter.session))")
    return found


def open_play(page: Page, server: Server, game: str | None = None) -> None:
    """``/play`` (with ``game`` chosen), once it has listed the games."""
    page.goto(f"{server.base}/play" + (f"?game={game}" if game else ""))
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")


def start(
    page: Page, server: Server, game: str, *, sealed: bool = False, by_hand: bool = False
) -> Json:
    open_play(page, server, game)
    page.select_option("#game", game)
    page.fill("#seed", "11")
    if sealed:
        page.check("input[name=mode][value=sealed]")
    if by_hand:
        page.check("#by-hand")
    page.click("#start")
    page.wait_for_function("() => window.arbiter.session.envelope !== null")
    page.wait_for_selector("#moves .decision button")
    return session(page)["envelope"]


def upload(page: Page, selector: str, document: Json) -> None:
    """Choose ``document`` as a JSON file in the file input ``selector``."""
    data = json.dumps(document).encode()
    page.set_input_files(
        selector, files=[{"name": "upload.json", "mimeType": "application/json", "buffer": data}]
    )


def click_and_wait(page: Page, button: Any) -> Json:
    """Click a move's button; the page's next answer once it is shown."""
    page.evaluate("() => { window.arbiter.shown = window.arbiter.session.envelope; }")
    button.click()
    page.wait_for_function(
        "() => window.arbiter.session.envelope !== window.arbiter.shown && !window.arbiter.session.busy"
    )
    assert page.locator("#problem").is_hidden(), page.locator("#problem").text_content()
    return session(page)["envelope"]


# ------------------------------------------------------------- the board against the events


def scythe_check(page: Page, envelope: Json) -> int:
    """Each unit's last move in the answer puts its piece on the territory it went to."""
    last: dict[tuple[int, str, int], str] = {}
    for event in envelope["events"]:
        if event["type"] == "unit_moved":
            last[(event["seat"], event["unit"], event.get("index", 0))] = event["to"]
    for (seat, unit, _), to in last.items():
        assert page.locator(f'[data-piece="seat{seat}:{unit}:{to}"]').count() >= 1, (seat, unit, to)
    return len(last)


def ancient_world_check(page: Page, envelope: Json) -> int:
    """A citizen placed on an action space shows there, with its seat and skill."""
    board = envelope["state"]["board"]
    checked = 0
    for event in envelope["events"]:
        if event["type"] == "citizen_placed" and event["space"] in board:
            piece = f"seat{event['seat']}:citizen{event['skill']}:{event['space']}"
            assert page.locator(f'[data-piece="{piece}"]').count() >= 1, piece
            checked += 1
    return checked


def raiders_check(page: Page, envelope: Json) -> int:
    """A worker placed in the village shows on that building while it stands there."""
    village = envelope["state"]["village"]
    checked = 0
    for event in envelope["events"]:
        if event["type"] == "worker_placed" and village.get(event["at"]) == event["worker"]:
            piece = f"{event['worker']}:{event['at']}"
            assert page.locator(f'[data-piece="{piece}"]').count() >= 1, piece
            checked += 1
    return checked


def wargame_check(page: Page, envelope: Json) -> int:
    """A seat's food, money and VP as its last ``player_changed`` event gives them."""
    last: dict[int, Json] = {}
    for event in envelope["events"]:
        if event["type"] == "player_changed":
            last[event["seat"]] = event
    for seat, event in last.items():
        piece = f"seat{seat}:food{event['food']}:money{event['money']}:vp{event['vp']}"
        assert page.locator(f'[data-piece="{piece}"]').count() == 1, piece
    return len(last)


CHECKS: dict[str, Callable[[Page, Json], int]] = {
    "scythe": scythe_check,
    "the-ancient-world": ancient_world_check,
    "raiders-of-scythia": raiders_check,
    "ancient-wargame": wargame_check,
}


def test_every_game_has_a_picture_checked_against_its_events() -> None:
    assert set(CHECKS) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_turn_by_clicking_legal_moves(
    page: Page, server: Server, game: str, output: Path
) -> None:
    """One seat's whole turn, each move a click on a listed move's button: after each, the events
    log shows the answer's events and the picture shows what they say."""
    envelope = start(page, server, game)
    seat = envelope["to_act"][0]
    assert seat != "chance"
    checked = clicks = 0
    # the turn: until the seat that began no longer decides (and the picture was checked once)
    while seat in envelope["to_act"] or not checked:
        assert clicks < MOST_CLICKS, f"no end of the turn in {MOST_CLICKS} clicks"
        actor = seat if seat in envelope["to_act"] else envelope["to_act"][0]
        group = page.locator("#moves .decision").filter(has_text=f"seat {actor} ·").first
        envelope = click_and_wait(page, group.locator("button").first)
        clicks += 1
        fresh = page.locator("#events li.new")
        assert fresh.count() == len(envelope["events"])
        if envelope["events"]:
            assert fresh.first.locator(".type").text_content() == (
                envelope["events"][-1]["type"].replace("_", " ")
            )
        checked += CHECKS[game](page, envelope)
        assert page.locator("#text").text_content() == envelope["text"]
        if envelope["finished"]:
            break
    page.screenshot(path=str(output / f"{game}.png"), full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_chance_supplied_by_hand(page: Page, server: Server, game: str) -> None:
    """With chance by hand the table's outcome is a button among the chance decision's; the one
    clicked is the one the game's record holds."""
    envelope = start(page, server, game, by_hand=True)
    assert envelope["to_act"] == ["chance"]
    buttons = page.locator("#moves .decision.chance button")
    assert buttons.count() == len(envelope["legal_moves"]) >= 1
    chosen = buttons.last
    move = json.loads(chosen.get_attribute("title") or "null")
    assert move == envelope["legal_moves"][-1]
    after = click_and_wait(page, chosen)
    record = post(f"{server.base}/v1/games/{game}/record", {"state": after["state"]})
    last = record["moves"][-1]  # a move, or a move with the step it was made at
    assert last.get("move", last) == move


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_game_takes_a_move_back_through_the_master_handle(
    page: Page, server: Server, game: str
) -> None:
    """Seat by seat with handles: a seat's view shows its own moves only; Undo (the master
    handle's ``POST /undo``) brings back the step before the move."""
    envelope = start(page, server, game, sealed=True)
    assert "state" not in envelope and envelope["state_token"]
    seat = envelope["to_act"][0]
    page.select_option("#view-as", str(seat))
    page.wait_for_function(f"() => window.arbiter.session.envelope.as_seat === {seat}")
    as_seat = session(page)["envelope"]
    assert all(move.get("seat", seat) == seat for move in as_seat["legal_moves"])
    groups = page.locator("#moves .decision h4").all_text_contents()
    assert groups and all(text.startswith(f"seat {seat} ·") for text in groups)
    moved = click_and_wait(page, page.locator("#moves .decision button").first)
    assert moved["view"]["step"] > as_seat["view"]["step"]
    page.evaluate("() => { window.arbiter.shown = window.arbiter.session.envelope; }")
    page.click("#undo")
    page.wait_for_function("() => window.arbiter.session.envelope !== window.arbiter.shown")
    assert page.locator("#problem").is_hidden(), page.locator("#problem").text_content()
    undone = session(page)["envelope"]
    assert undone["view"]["step"] == as_seat["view"]["step"]
    assert undone["legal_moves"] == as_seat["legal_moves"]


def test_a_bot_plays_for_a_seat(page: Page, server: Server) -> None:
    """A seat marked "bot" is played by the server's hints: seat 1 moves without a click."""
    envelope = start(page, server, "the-ancient-world")
    assert envelope["to_act"] == [0]
    page.check("#bot-1")
    click_and_wait(page, page.locator("#moves .decision button").first)
    page.wait_for_function(
        "() => window.arbiter.session.log.some((entry) => entry.event.type === 'bot')"
        " && window.arbiter.session.envelope.to_act.includes(0) && !window.arbiter.session.busy"
    )
    notes = [e["event"] for e in session(page)["log"] if e["event"]["type"] == "bot"]
    assert notes and "seat 1 follows a hint" in notes[0]["note"]


def test_a_game_record_is_exported_and_imported(page: Page, server: Server) -> None:
    """Export record downloads the game's record; importing it replays the game to that step."""
    start(page, server, "scythe")
    for _ in range(3):
        played = click_and_wait(page, page.locator("#moves .decision button").first)
    with page.expect_download() as download:
        page.click("#export")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["game"] == "scythe" and record["moves"]
    upload(page, "#import", record)
    page.wait_for_function(
        "() => window.arbiter.session.log.some((entry) => entry.event.type === 'record'"
        " && entry.event.note.startsWith('replayed'))"
    )
    replayed = session(page)["envelope"]
    assert replayed["state"] == played["state"]


def test_a_finished_game_shows_its_result_and_scoring(page: Page, server: Server) -> None:
    """A whole game (random moves through the API), imported as a record: the page shows the
    result -- winners, every scoring line by seat, scores and places -- as the answer gives it."""
    base = f"{server.base}/v1/games/the-ancient-world"
    envelope = post(f"{base}/states", {"players": 2, "seed": 5})
    while not envelope["finished"]:
        move = envelope["legal_moves"][envelope["state"]["step"] % len(envelope["legal_moves"])]
        envelope = post(f"{base}/moves", {"state_id": envelope["state_id"], "move": move})
    record = post(f"{base}/record", {"state_id": envelope["state_id"]})
    open_play(page, server)
    upload(page, "#import", record)
    page.wait_for_selector("#result-panel:not([hidden]) table.result")
    result = envelope["result"]
    rows = page.locator("table.result tr")
    score_row = rows.filter(has_text="score").locator("th").all_text_contents()
    assert score_row == ["score", *map(str, result["scores"])]
    place_row = rows.filter(has_text="place").locator("th").all_text_contents()
    assert place_row == ["place", *map(str, result["places"])]
    labels = {line["label"] for line in result["breakdown"]}
    assert {row.split("\t")[0] for row in rows.all_inner_texts()} >= labels
    assert page.locator("#to-act").text_content() == "The game is over."


def test_a_registered_content_pack_is_played(page: Page, server: Server) -> None:
    """An owner's pack (here the default one renamed) is registered from the page, and the game
    set up next is played with it."""
    base = f"{server.base}/v1/games/the-ancient-world"
    info = get(base)
    pack = get(f"{base}/content/{info['default_content_id']}")
    pack["name"] = "An owner's edition"
    open_play(page, server, "the-ancient-world")
    upload(page, "#pack", pack)
    page.wait_for_function("() => document.querySelector('#content').value !== ''")
    content_id = page.input_value("#content")
    assert content_id != info["default_content_id"]
    page.click("#start")
    page.wait_for_function("() => window.arbiter.session.envelope !== null")
    assert session(page)["envelope"]["state"]["content_id"] == content_id


# ------------------------------------------------------------------------------ seat tabs


def watch(opened: Page, errors: list[str]) -> None:
    """Collect ``opened``'s script errors as the ``page`` fixture does its own."""
    opened.set_default_timeout(20_000)
    opened.on("pageerror", lambda error: errors.append(f"{opened.url}: {error}"))
    opened.on(
        "console",
        lambda message: (
            errors.append(f"{opened.url}: {message.text}")
            if message.type == "error" and "Failed to load resource" not in message.text
            else None
        ),
    )


def open_tab(page: Page, link: str) -> Page:
    """The tab a link of the master's page opens (a page of the same browser context), once its
    stream has told it where the table stands; marked so that a reload would show."""
    with page.context.expect_page() as opened:
        page.get_by_role("link", name=link).click()
    tab = opened.value
    tab.wait_for_function(
        "() => window.arbiter && window.arbiter.session.version !== null"
        " && !window.arbiter.session.busy"
    )
    address = urlsplit(tab.url)
    assert address.path == "/play" and not address.query  # the handle never reaches a server
    fragment = parse_qs(address.fragment)
    assert fragment["game"] == [session(page)["info"]["id"]] and fragment["handle"][0]
    tab.evaluate("() => { window.stayed = true; }")
    return tab


def same_version(*pages: Page) -> None:
    """Wait until every page's stream has told the newest change (the first page's is newest)."""
    version = session(pages[0])["version"]
    for other in pages[1:]:
        other.wait_for_function(f"() => window.arbiter.session.version === {version}")


def test_seat_tabs_follow_the_table_live(page: Page, server: Server, output: Path) -> None:
    """A sealed game's master page opens a tab per seat and one for a spectator (pages of one
    browser context, each holding its one handle in the URL's fragment). A move clicked in seat
    0's tab shows in seat 1's, the spectator's and the master's pages as their streams tell it,
    without a reload; seat 1 then moves with the newest handle its stream gave it; the master's
    Undo reaches every tab the same way. A spectator has no move to click."""
    errors: list[str] = []
    page.context.on("page", lambda opened: watch(opened, errors))
    start(page, server, "the-ancient-world", sealed=True)
    page.wait_for_function("() => window.arbiter.session.version !== null")
    assert session(page)["envelope"]["to_act"] == [0]
    seat0 = open_tab(page, "Open seat 0 in a new tab")
    seat1 = open_tab(page, "Open seat 1 in a new tab")
    watcher = open_tab(page, "Open a spectator's tab")
    tabs = (seat0, seat1, watcher)
    assert [session(tab)["role"] for tab in tabs] == ["seat", "seat", "spectator"]
    assert seat0.locator("#undo").is_hidden() and seat0.locator("#new-game").is_hidden()
    expect(seat1.locator("#to-act")).to_have_text("To act: seat 0 — you are seat 1")
    assert seat1.locator("#moves button").count() == 0
    assert watcher.locator("#moves button").count() == 0
    handle = session(seat1)["token"]

    moved = click_and_wait(seat0, seat0.locator("#moves .decision button").first)
    assert moved["to_act"] == [1] and moved["as_seat"] == 0
    for tab, to_act in (
        (seat1, "To act: seat 1 — you are seat 1"),
        (watcher, "To act: seat 1 — you watch as a spectator"),
        (page, "To act: seat 1"),
    ):
        expect(tab.locator("#to-act")).to_have_text(to_act)
        expect(tab.locator("#events li.new").filter(has_text="citizen placed")).to_have_count(1)
    same_version(seat0, seat1, watcher, page)
    expect(seat1.locator("#moves .decision button").first).to_be_visible()
    assert watcher.locator("#moves button").count() == 0
    assert seat0.locator("#moves button").count() == 0
    assert session(seat1)["token"] != handle  # handles name a step: the stream gave a new one
    seat0.screenshot(path=str(output / "seat-tab-0.png"), full_page=True)
    seat1.screenshot(path=str(output / "seat-tab-1.png"), full_page=True)
    watcher.screenshot(path=str(output / "seat-tab-spectator.png"), full_page=True)
    page.screenshot(path=str(output / "seat-tab-master.png"), full_page=True)

    answered = click_and_wait(seat1, seat1.locator("#moves .decision button").first)
    same_version(seat1, seat0, watcher, page)
    assert session(seat0)["envelope"]["to_act"] == answered["to_act"]
    page.click("#undo")  # the master takes seat 1's move back: every tab is told
    page.wait_for_function(f"() => window.arbiter.session.version > {session(seat1)['version']}")
    same_version(page, seat0, seat1, watcher)
    expect(seat1.locator("#to-act")).to_have_text("To act: seat 1 — you are seat 1")
    expect(seat1.locator("#events li.new").filter(has_text="undo")).to_have_count(1)
    assert page.locator("#problem").is_hidden(), page.locator("#problem").text_content()
    assert all(tab.evaluate("() => window.stayed === true") for tab in tabs)  # never reloaded
    assert not errors, f"script errors: {errors}"
