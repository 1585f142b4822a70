"""Table recipes (:mod:`arbiter.core.recipes`): the scripts say each request once with its answer,
bodies are the values they show, and every game's reference (Markdown and HTML) carries them.
That the scripts run as written against a live service is ``tests/test_readme.py``'s part."""

from __future__ import annotations

import msgspec
import pytest

from arbiter import docs
from arbiter.api.docs import render
from arbiter.core.recipes import WIDTH, Call, Recipe, body, script
from arbiter.core.registry import AnyGame
from arbiter.games import registry
from arbiter.games.the_ancient_world.examples import DMITRY_DICE
from arbiter.games.the_ancient_world.position import AncientWorldPosition
from tests.test_readme import Block, steps

GAMES = list(registry())


def test_a_body_is_its_value_its_defaults_left_out() -> None:
    text = body({"position": DMITRY_DICE, "seed": 3})
    plain = msgspec.json.decode(text)
    assert plain["seed"] == 3
    assert msgspec.convert(plain["position"], AncientWorldPosition) == DMITRY_DICE
    assert "expand_borders_plus" not in text  # an option at its default is not shown
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert body({"players": 2, "seed": 7}) == '{"players": 2, "seed": 7}'


def test_a_script_is_each_call_as_a_command_and_its_answer() -> None:
    long_answer = '{"state_id": "<ID>", "legal_moves": [' + ", ".join(["1"] * 60) + "], ...}"
    recipe = Recipe(
        title="t",
        text="x",
        calls=(
            Call(say="First.", path="/v1/x", body=body({"a": 1}), status=201, answer=long_answer),
            Call(path="/v1/y", body=body({"id": "<ID>"}), status=200, answer="{...}"),
        ),
    )
    lines = script(recipe)
    assert lines[0] == "# First."
    assert all(len(line) <= WIDTH for line in lines)
    parsed = steps(Block(1, tuple(lines)))
    assert [step.status for step in parsed] == [201, 200]
    assert parsed[1].argv[-1] == '{"id": "<ID>"}'
    with pytest.raises(AssertionError, match="single quotes"):
        script(
            Recipe(title="t", text="x", calls=(Call(path="/", body="'", status=200, answer="{}"),))
        )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_gives_its_table_recipes(game: AnyGame) -> None:
    """Issue #39: the next card, a die (or what else is chance), a battle, anytime moves."""
    recipes = game.table_recipes()
    assert len(recipes) >= 4
    titles = " | ".join(recipe.title.lower() for recipe in recipes)
    assert "next card" in titles and "as_seat" in titles
    assert "battle" in titles or "fight" in titles or "raid" in titles
    for recipe in recipes:
        assert recipe.text
        assert len(steps(Block(1, tuple(script(recipe))))) == len(recipe.calls)


def test_the_html_reference_shows_the_recipes() -> None:
    game = next(g for g in GAMES if g.id == "the-ancient-world")
    doc = docs.build(game, budget=20)
    assert doc.recipes == tuple(game.table_recipes())
    page = render(doc)
    assert "<h2 id=recipes>Table recipes</h2>" in page
    assert "A destruction die rolled at the table" in page
    assert "curl -s localhost:8000/v1/games/the-ancient-world/positions" in page
    markdown = docs.markdown(doc)
    assert "## Table recipes" in markdown and "```sh" in markdown
