"""The games' references: ``docs/games/<game>.md`` is exactly what the code generates, and the
service serves the same content as HTML at ``/docs/games/{game}``, linked from ``/`` and from the
``/problems/<code>`` page of each rule code.

When a type, a docstring, a rule code or a rule changes on purpose, run ``make schemas`` and commit
the regenerated references (the examples come from seeded play, so a rule change may move them).
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter import cli, docs
from arbiter.api import docs as pages
from arbiter.core import Registry, RuleCode
from arbiter.games import registry
from tests.toy import Pig

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry()


@pytest.fixture(scope="module")
def references() -> dict[str, docs.GameDoc]:
    """Every game's reference, built once per process (a second or two of play each)."""
    return {game.id: docs.reference(game) for game in GAMES}


@pytest.fixture
def games_client(make_client: Any) -> TestClient:
    client: TestClient = make_client(registry())
    return client


def test_checked_in_references_match_the_code(references: dict[str, docs.GameDoc]) -> None:
    files = docs.generate(GAMES)
    assert sorted(files) == sorted(f"docs/games/{game.id}.md" for game in GAMES)
    drift = [
        f"differs: {path}"
        for path, data in files.items()
        if not (ROOT / path).exists() or (ROOT / path).read_bytes() != data
    ] + [f"stale: {path}" for path in docs.stale(ROOT, files)]
    assert not drift, "references out of date, run `make schemas`:\n" + "\n".join(drift)


def test_a_reference_covers_every_type_and_rule_code(references: dict[str, docs.GameDoc]) -> None:
    for game in GAMES:
        doc = references[game.id]
        text = docs.markdown(doc)
        for role, union in (("move", game.move_type), ("event", game.event_type)):
            for cls in docs.union_members(union):
                tag = cls.__struct_config__.tag
                assert f"### `{tag}` ({cls.__name__})" in text, (game.id, tag)
                assert cls.__doc__, f"{game.id}: {role} {cls.__name__} has no docstring"
        for entry in game.rule_codes():
            assert f"| `{entry.code}` | {docs.cell(docs.section_of(entry))} |" in text
        assert [o.name for o in doc.options] == [o.name for o in game.info().options]
        assert doc.state[0].name == game.state_type.__name__
        assert game.view_type.__name__ in {t.name for t in (*doc.state, *doc.view)}


def test_examples_are_real_moves_and_events(references: dict[str, docs.GameDoc]) -> None:
    for game in GAMES:
        doc = references[game.id]
        text = docs.markdown(doc)
        reached = [t for t in doc.moves if t.example is not None]
        assert len(reached) >= len(doc.moves) - 2, f"{game.id}: too few moves reached"
        for union, types in ((game.move_type, doc.moves), (game.event_type, doc.events)):
            for t in types:
                if t.example is None:
                    assert "No example: no game reached this" in text
                    continue
                value = msgspec.json.decode(t.example.json, type=union)
                assert value.__struct_config__.tag == t.tag
                assert f"Example, from {t.example.where}:" in text


def test_play_stops_within_its_budget() -> None:
    found = docs.Found()
    for _ in docs.play(GAMES.get("scythe"), found, budget=300):
        pass
    assert found.decisions == 300 and found.games >= 1
    assert "choose_section" in found.moves and "deal_structure_tile" in found.moves


def test_example_tables_are_valid_states_played_first() -> None:
    """A game's example tables (``Game.example_states``) are states its ``check_state`` accepts,
    with a decision to take; the search plays from them before any new game."""
    for game in GAMES:
        tables = game.example_states()
        for title, state in tables:
            game.check_state(state)
            assert title and game.to_act(state), (game.id, title)
        if not tables:
            continue
        found = docs.Found()
        for _ in docs.play(game, found, budget=docs.EXAMPLE_DECISIONS):
            pass
        assert found.examples >= 1 and found.games == 0, game.id
        assert all("from the example table" in e.where for e in found.moves.values())


def test_the_pages_are_served_for_every_game(
    games_client: TestClient, references: dict[str, docs.GameDoc]
) -> None:
    for game in GAMES:
        answer = games_client.get(f"/docs/games/{game.id}")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/html")
        text = answer.text
        assert "<script" not in text and "http://" not in text and "https://" not in text
        for cls in (*docs.union_members(game.move_type), *docs.union_members(game.event_type)):
            tag = cls.__struct_config__.tag
            assert f"id='move-{tag}'" in text or f"id='event-{tag}'" in text, (game.id, tag)
        for entry in game.rule_codes():
            assert f"<tr id='code-{entry.code}'>" in text
            assert pages.inline(entry.description) in text
        doc = references[game.id]
        for t in doc.moves:
            if t.example is not None:
                assert html.escape(t.example.json) in text
    assert (
        games_client.get("/docs/games/scythe").text == games_client.get("/docs/games/scythe").text
    )


def test_home_links_every_game_reference(games_client: TestClient) -> None:
    home = games_client.get("/").text
    for game in GAMES:
        assert f"href='/docs/games/{game.id}'" in home


def test_a_rule_code_has_a_problem_page_with_its_section(games_client: TestClient) -> None:
    answer = games_client.get("/problems/scythe.move.river_crossing")
    assert answer.status_code == 200
    text = answer.text
    assert "«ДВИЖЕНИЕ»" in text and "«РЕКИ И ОЗЕРА»" in text
    assert "Units cannot cross rivers" in text and "Illegal move" in text
    assert "href='/docs/games/scythe#code-scythe.move.river_crossing'" in text
    invariant = games_client.get("/problems/the-ancient-world.state.citizens").text
    assert "Invalid state" in invariant and "«ИГРОВОЙ РАУНД»" in invariant
    # a game that lists its codes issues no other; the service's own codes are unchanged
    assert games_client.get("/problems/scythe.move.teleport").status_code == 404
    assert games_client.get("/problems/illegal_move").status_code == 200
    assert games_client.get("/problems/nonsense").status_code == 404


def test_games_listing_no_codes_keep_the_generic_problem_page(client: TestClient) -> None:
    assert client.get("/problems/pig.not_your_turn").status_code == 200
    page = client.get("/docs/games/pig")
    assert page.status_code == 200 and "The game lists no rule codes." in page.text
    assert "<code>roll</code>" in page.text


def test_an_unknown_game_has_no_page(games_client: TestClient) -> None:
    answer = games_client.get("/docs/games/chess")
    assert answer.status_code == 404 and "No game <code>chess</code>" in answer.text
    assert "href='/docs/games/scythe'" in answer.text


def test_every_text_is_escaped(references: dict[str, docs.GameDoc]) -> None:
    evil = "<script>alert('x')</script> & | `"
    doc = references["scythe"]
    move = msgspec.structs.replace(
        doc.moves[0],
        doc=f"``{evil}`` {evil}",
        example=docs.Example(json=json.dumps({"type": evil}), where=evil),
        members=(docs.Member(evil, evil, evil),),
    )
    code = RuleCode(code=evil, kind="move", section=evil, paragraph=evil, description=evil)
    forged = msgspec.structs.replace(
        doc,
        info=msgspec.structs.replace(doc.info, title=evil, description=evil),
        moves=(move,),
        rule_codes=(code,),
    )
    page = pages.render(forged)
    assert "<script" not in page and "</script>" not in page
    assert page.count("&lt;script&gt;alert(") >= 6  # the title, docstring, member, example...
    assert "id='code-&lt;script&gt;alert(&#x27;x&#x27;)" in page  # attributes: quotes escaped
    text = docs.markdown(forged)
    assert f"| `{docs.cell(evil)}` |" in text  # pipes escaped in table cells


def test_the_first_build_leaves_the_event_loop_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two requests at once build the reference once, in slices other tasks run between."""
    game = GAMES.get("scythe")
    budget = 2_000  # its own cache entry: the checked-in references play more
    built: list[int] = []
    real = docs.building

    def counting(game: Any, budget: int = docs.BUDGET) -> Any:
        built.append(budget)
        return real(game, budget)

    monkeypatch.setattr(docs, "building", counting)

    async def main() -> tuple[docs.GameDoc, docs.GameDoc, int]:
        ticks = 0
        done = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not done.is_set():
                ticks += bool(pages._BUILDING)  # another task ran while the build was under way
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        first, second = await asyncio.gather(
            pages.reference(game, budget=budget), pages.reference(game, budget=budget)
        )
        done.set()
        await task
        return first, second, ticks

    first, second, ticks = asyncio.run(main())
    assert first is second and built == [budget]
    assert ticks > 1
    assert docs.cached(game, budget) is first
    assert "2,000 decisions" in first.play


def test_the_references_name_no_filesystem_path() -> None:
    for path in docs.generate(GAMES):
        text = (ROOT / path).read_text()
        assert not re.search(r"/work/|/home/|/tmp/", text), path


def test_the_cli_writes_and_checks_the_references(tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["export-schemas", "--root", str(tmp_path)]) == 0
    for game in GAMES:
        assert (tmp_path / f"docs/games/{game.id}.md").read_bytes() == (
            ROOT / f"docs/games/{game.id}.md"
        ).read_bytes()
    capsys.readouterr()
    assert cli.main(["export-schemas", "--check", "--root", str(tmp_path)]) == 0
    (tmp_path / "docs/games/scythe.md").write_text("# edited by hand\n")
    (tmp_path / "docs/games/gone.md").write_text("# a game no longer registered\n")
    assert cli.main(["export-schemas", "--check", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "differs: docs/games/scythe.md" in err and "stale: docs/games/gone.md" in err
    assert cli.main(["export-schemas", "--root", str(tmp_path)]) == 0
    assert not (tmp_path / "docs/games/gone.md").exists()
    assert cli.main(["export-schemas", "--check", "--root", str(tmp_path)]) == 0


def test_a_registry_without_games_of_its_own_has_its_references(tmp_path: Path) -> None:
    files = docs.generate(Registry([Pig()]))
    assert list(files) == ["docs/games/pig.md"]
    assert "The game lists no rule codes." in files["docs/games/pig.md"].decode()
    (tmp_path / "docs/games").mkdir(parents=True)
    (tmp_path / "docs/games/gone.md").write_text("old\n")
    assert docs.stale(tmp_path, files) == ["docs/games/gone.md"]
