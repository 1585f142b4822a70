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
from playwright.sync_api import Browser, Page, expect

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


def events_read_as_text(page: Page) -> None:
    """The events log is text: no JSON brackets or quotes, and nothing runs off the panel."""
    texts = page.locator("#events li .text").all_text_contents()
    assert texts
    for text in texts:
        assert not any(mark in text for mark in '{}[]"'), text
    overflow = page.evaluate(
        "() => { const list = document.querySelector('#events');"
        " return list.scrollWidth - list.clientWidth; }"
    )
    assert overflow <= 0, overflow


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
        events_read_as_text(page)
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
    before = session(page)["version"]  # read first: the undo may reach the tabs at once
    page.click("#undo")  # the master takes seat 1's move back: every tab is told
    page.wait_for_function(f"() => window.arbiter.session.version > {before}")
    same_version(page, seat0, seat1, watcher)
    expect(seat1.locator("#to-act")).to_have_text("To act: seat 1 — you are seat 1")
    expect(seat1.locator("#events li.new").filter(has_text="undo")).to_have_count(1)
    assert page.locator("#problem").is_hidden(), page.locator("#problem").text_content()
    assert all(tab.evaluate("() => window.stayed === true") for tab in tabs)  # never reloaded
    assert not errors, f"script errors: {errors}"


# ----------------------------------------------------------------------- the setup form


@pytest.mark.parametrize("game", GAMES)
def test_options_offer_only_valid_values(page: Page, server: Server, game: str) -> None:
    """Each option of the game's fact sheet is a control at its default: fixed choices a select
    of exactly those choices, a bounded integer a number input with its bounds, a boolean a
    checkbox."""
    info = get(f"{server.base}/v1/games/{game}")
    open_play(page, server, game)
    for option in info["options"]:
        control = page.locator(f"#option-{option['name']}")
        players = int(page.input_value("#players"))
        applies = option.get("min_players", 0) <= players <= option.get("max_players", players)
        if not applies:
            continue  # left empty (test_raiders_solo_chief_only_in_solo_play)
        if "choices" in option:
            assert control.evaluate("(node) => node.tagName") == "SELECT"
            values = control.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
            assert values == option["choices"]
            assert control.input_value() == option["default"]
        elif option["type"] == "boolean":
            assert control.get_attribute("type") == "checkbox"
            assert control.is_checked() == option["default"]
        elif option["type"] == "integer":
            assert control.get_attribute("type") == "number"
            assert control.input_value() == str(option["default"])
            if "minimum" in option:
                assert control.get_attribute("min") == str(option["minimum"])
            if "maximum" in option:
                assert control.get_attribute("max") == str(option["maximum"])


def test_raiders_solo_chief_only_in_solo_play(page: Page, server: Server, output: Path) -> None:
    """The solo chief applies to one player only (the fact sheet says so): at two players it is
    empty, disabled and not sent; at one it is offered, at its default, and sent as chosen."""
    open_play(page, server, "raiders-of-scythia")
    page.fill("#players", "2")
    chief = page.locator("#option-solo_chief")
    assert chief.is_disabled() and chief.input_value() == ""
    expect(page.locator("#options")).to_contain_text("(1 player only)")
    page.screenshot(path=str(output / "options-raiders-2p.png"))
    with page.expect_request("**/v1/games/raiders-of-scythia/states") as sent:
        page.click("#start")
    assert json.loads(sent.value.post_data or "{}")["options"] == {}
    page.wait_for_function(
        "() => window.arbiter.session.envelope !== null && !window.arbiter.session.busy"
    )
    assert session(page)["envelope"]["state"]["chief"] is None

    page.fill("#players", "1")
    assert chief.is_enabled() and chief.input_value() == "lookout"
    chief.select_option("outrider")
    with page.expect_request("**/v1/games/raiders-of-scythia/states") as sent:
        page.click("#start")
    assert json.loads(sent.value.post_data or "{}")["options"] == {"solo_chief": "outrider"}
    page.wait_for_function(
        "() => { const shown = window.arbiter.session.envelope;"
        " return shown !== null && shown.state.chief !== null && !window.arbiter.session.busy; }"
    )
    assert session(page)["envelope"]["state"]["chief"]["level"] == "outrider"
    page.fill("#players", "3")
    assert chief.is_disabled() and chief.input_value() == ""


# --------------------------------------------------------------------------- the pictures


def content_of(server: Server, game: str, envelope: Json) -> Json:
    pack: Json = get(f"{server.base}/v1/games/{game}/content/{envelope['state']['content_id']}")
    return pack


def test_raiders_quests_show_what_they_ask(page: Page, server: Server) -> None:
    """Quest tiles have no printed name: each shows as its number with its VP and its cost, as
    the content pack gives them -- never as a bare id."""
    envelope = start(page, server, "raiders-of-scythia")
    quests = {q["id"]: q for q in content_of(server, "raiders-of-scythia", envelope)["quests"]}
    shown = envelope["state"]["village_quests"]
    assert shown
    for quest_id in shown:
        tile = page.locator(f'[data-quest="{quest_id}"]')
        expect(tile).to_have_count(1)
        quest = quests[quest_id]
        text = tile.inner_text()
        assert f"Quest {int(quest_id.removeprefix('quest-'))}" in text
        assert f"{quest['vp']} VP for " in text
        if quest["cost"]:
            for kind, count in quest["cost"].items():
                if count:
                    assert f"{count} {kind}" in text, (text, quest)
        else:
            assert f"strength {quest['discard_strength']}+" in text
    assert "quest-" not in page.locator("#picture").inner_text()


def test_ancient_world_rows_show_their_costs(page: Page, server: Server) -> None:
    """The empire and army rows show each card with its cost from the content pack; the titans
    with their defence."""
    envelope = start(page, server, "the-ancient-world")
    pack = content_of(server, "the-ancient-world", envelope)
    state = envelope["state"]
    empire = {card["id"]: card for card in pack["empire"]}
    armies = {card["id"]: card for card in pack["armies"]}
    titans = {card["id"]: card for card in pack["titans"]}

    def coins(n: int) -> str:
        return f"{n} coin{'' if n == 1 else 's'}"

    for card_id in state["empire_row"]:
        card = empire[card_id]
        text = page.locator(f'#picture [data-card="{card_id}"]').inner_text()
        assert card["name"] in text
        if card["cost_coins"]:
            assert coins(card["cost_coins"]) in text, text
        if card["cost_knowledge"]:
            assert f"{card['cost_knowledge']} knowledge" in text, text
    for card_id in state["army_row"]:
        text = page.locator(f'#picture [data-card="{card_id}"]').inner_text()
        assert armies[card_id]["name"] in text and coins(armies[card_id]["cost_coins"]) in text
    for card_id in state["titan_tops"].values():
        if card_id:
            text = page.locator(f'#picture [data-card="{card_id}"]').inner_text()
            assert f"defence {titans[card_id]['defence']}" in text


def test_scythe_base_names_clear_the_board(page: Page, server: Server, output: Path) -> None:
    """Each home base's name lies inside the picture and overlaps no hex's label and no hex."""
    start(page, server, "scythe")
    clashes = page.evaluate(
        """() => {
        const svg = document.querySelector('svg.scythe');
        const [vx, vy, vw, vh] = svg.getAttribute('viewBox').split(' ').map(Number);
        const box = (node) => node.getBBox();
        const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width
            && a.y < b.y + b.height && b.y < a.y + a.height;
        const inside = (a) => a.x >= vx && a.y >= vy && a.x + a.width <= vx + vw
            && a.y + a.height <= vy + vh;
        const names = [...svg.querySelectorAll('text.base')];
        const labels = [...svg.querySelectorAll('text.id')];
        const hexes = [...svg.querySelectorAll('polygon')];
        const found = [];
        for (const name of names) {
          const a = box(name);
          if (!inside(a)) found.push(`${name.textContent}: outside the picture`);
          for (const label of labels) {
            if (meet(a, box(label))) found.push(`${name.textContent} / ${label.textContent}`);
          }
          for (const hex of hexes) {
            // the hex's outline, not its bounding box: a name beside a hex may pass its corner
            const corners = hex.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
            const outline = corners.flatMap(([x, y], i) => {
              const [nx, ny] = corners[(i + 1) % corners.length];
              return [...Array(20).keys()].map((k) => [x + (nx - x) * k / 20, y + (ny - y) * k / 20]);
            });
            const hit = outline.some(([x, y]) => x > a.x && x < a.x + a.width && y > a.y && y < a.y + a.height);
            if (hit) found.push(`${name.textContent} crosses a hex`);
          }
        }
        return { names: names.length, found };
    }"""
    )
    assert clashes["names"] >= 5 and not clashes["found"], clashes
    page.locator("svg.scythe").screenshot(path=str(output / "scythe-board.png"))


# ------------------------------------------------------------------------------ languages


def test_the_language_switch_asks_for_russian_and_shows_the_service_s_russian(
    page: Page, server: Server, output: Path, browser: Browser
) -> None:
    """The select switches the service's texts to Russian (issue #40): every later request sends
    ``Accept-Language: ru`` and is answered ``Content-Language: ru``; a refusal -- a record whose
    move is made by a seat that does not decide -- shows its Russian title and detail; the choice
    is remembered across reloads. A browser set to Polish starts in Polish."""
    game = "the-ancient-world"
    envelope = post(f"{server.base}/v1/games/{game}/states", {"players": 2, "seed": 5})
    seat = envelope["to_act"][0]
    move = next(m for m in envelope["legal_moves"] if m.get("seat") == seat)
    record = post(f"{server.base}/v1/games/{game}/record", {"state": envelope["state"]})
    record["moves"] = [*record["moves"], {**move, "seat": 1 - seat}]  # not this seat's turn
    asked: list[str | None] = []
    answered: list[str | None] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.headers.get("accept-language")) if "/v1/" in request.url else None
        ),
    )
    page.on(
        "response",
        lambda response: (
            answered.append(response.headers.get("content-language"))
            if "/v1/" in response.url
            else None
        ),
    )
    open_play(page, server, game)
    expect(page.locator("#language")).to_have_value("en")
    asked.clear()
    answered.clear()
    page.select_option("#language", "ru")
    page.wait_for_function(
        "() => document.documentElement.lang === 'ru' && !window.arbiter.session.busy"
    )
    expect(page.locator("#language option:checked")).to_have_text("Русский")
    upload(page, "#import", record)
    expect(page.locator("#problem")).to_be_visible()
    shown = page.locator("#problem").text_content() or ""
    assert shown.startswith("Недопустимый ход — the-ancient-world.not_your_turn: "), shown
    assert f"ход {len(record['moves']) - 1} недопустим: место {1 - seat}" in shown, shown
    assert asked and set(asked) == {"ru"}, asked
    assert answered and set(answered) == {"ru"}, answered
    page.screenshot(path=str(output / "language-ru.png"), full_page=True)

    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    expect(page.locator("#language")).to_have_value("ru")  # remembered (localStorage)

    context = browser.new_context(locale="pl-PL")
    try:
        polish = context.new_page()
        polish.goto(f"{server.base}/play")
        polish.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
        expect(polish.locator("#language")).to_have_value("pl")
    finally:
        context.close()
