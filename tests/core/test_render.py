"""The core's texts of views: the generic form, the public text of a state, and the shared pieces."""

from __future__ import annotations

from arbiter.core import Game
from arbiter.core.render import SHOWN_UNDER, now_lines, render_by, render_generic
from tests.toy import Pig


def test_the_text_of_a_state_is_the_text_of_its_public_view() -> None:
    pig = Pig()
    state = pig.new_state(2, seed=5)
    assert pig.render(state) == pig.render_view(pig.view(state, None))
    assert "lucky" not in pig.render(state)
    assert f"your lucky number: {state.lucky[1]}" in pig.render_view(pig.view(state, 1))


def test_a_game_without_a_text_of_its_own_renders_the_views_json() -> None:
    pig = Pig()
    view = pig.view(pig.new_state(2, seed=5), 0)
    assert Game.render_view(pig, view) == render_generic(view)
    assert render_generic(view).startswith("{\n") and '"my_lucky"' in render_generic(view)


def test_a_text_that_cannot_be_made_falls_back_to_the_generic_one() -> None:
    def broken(view: dict[str, int], tables: None) -> str:
        return f"{view['missing']}"

    assert render_by(broken, {"a": 1}, None) == render_generic({"a": 1})
    assert render_by(lambda view, tables: "fine", {"a": 1}, None) == "fine"


def test_now_lines_name_the_first_steps_under_the_current_one_and_count_the_rest() -> None:
    assert now_lines("a", []) == ["Now: a"]
    under = [f"s{i}" for i in range(SHOWN_UNDER + 2)]
    lines = now_lines("a", under)
    assert lines[1:-1] == [f"  then: s{i}" for i in range(SHOWN_UNDER)]
    assert lines[-1] == "  and 2 more steps"
