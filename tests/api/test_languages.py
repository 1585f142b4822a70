"""Answers in the client's language (issue #40): ``Accept-Language`` chooses Russian, Polish or
English (q-values, ``ru-RU`` for ``ru``, English when none fits) and ``Content-Language`` says
which; only texts change -- codes, members, moves, states and state ids never do."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.languages import negotiate
from tests.api.conftest import new_game, problem


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("ru", "ru"),
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("pl-PL", "pl"),
        ("de-DE,de;q=0.9,pl;q=0.5,ru;q=0.4", "pl"),
        ("en;q=0.2, ru;q=0.8", "ru"),
        ("ru;q=0, pl;q=0.1", "pl"),
        ("ru;q=0", "en"),
        ("de, fr", "en"),
        ("*", "en"),
        ("PL;Q=1", "pl"),
        ("ru;q=abc, pl;q=2, en", "en"),
        ("ru;q=0.5, pl;q=0.5", "ru"),
        ("x" * 5000 + ",ru", "en"),
    ],
)
def test_accept_language_is_negotiated(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_every_answer_says_its_language(client: TestClient) -> None:
    assert client.get("/v1/games").headers["content-language"] == "en"
    assert (
        client.get("/v1/games", headers={"Accept-Language": "pl"}).headers["content-language"]
        == "pl"
    )
    refused = client.post("/v1/games/chess/moves", json={}, headers={"Accept-Language": "ru"})
    assert refused.headers["content-language"] == "ru"


def test_a_refusal_is_titled_in_russian_and_polish_and_keeps_its_code(client: TestClient) -> None:
    state = new_game(client)
    body = {"state_id": state["state_id"], "move": {"type": "roll", "seat": 1}}
    english = problem(client.post("/v1/games/pig/moves", json=body), 422, "pig.not_your_turn")
    titles = {}
    for language in ("ru", "pl"):
        response = client.post(
            "/v1/games/pig/moves", json=body, headers={"Accept-Language": language}
        )
        said = problem(response, 422, "pig.not_your_turn")
        assert response.headers["content-language"] == language
        assert {k: v for k, v in said.items() if k not in ("title", "detail", "request_id")} == {
            k: v for k, v in english.items() if k not in ("title", "detail", "request_id")
        }
        titles[language] = said["title"]
    assert english["title"] == "Illegal move"
    assert titles == {"ru": "Недопустимый ход", "pl": "Niedozwolony ruch"}


def test_moves_states_and_ids_are_the_same_in_every_language(client: TestClient) -> None:
    answers = [
        client.post(
            "/v1/games/pig/states",
            json={"players": 2, "seed": 11},
            headers={"Accept-Language": language},
        ).json()
        for language in ("en", "ru", "pl")
    ]
    assert answers[0] == answers[1] == answers[2]


def test_graphql_reads_the_same_header(client: TestClient) -> None:
    document = '{ game(id: "chess") { id } }'
    response = client.post("/graphql", json={"query": document}, headers={"Accept-Language": "ru"})
    assert response.headers["content-language"] == "ru"


def test_graphql_takes_a_language_argument_over_the_header(client: TestClient) -> None:
    state = new_game(client)
    document = (
        'mutation($id: String!) { applyMove(game: "pig", stateId: $id, '
        'move: {type: "roll", seat: 1}, language: pl) { stateId } }'
    )
    response = client.post(
        "/graphql",
        json={"query": document, "variables": {"id": state["state_id"]}},
        headers={"Accept-Language": "ru"},
    )
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "pig.not_your_turn"
    assert error["extensions"]["title"] == "Niedozwolony ruch"
    header_only = document.replace(", language: pl", "")
    response = client.post(
        "/graphql",
        json={"query": header_only, "variables": {"id": state["state_id"]}},
        headers={"Accept-Language": "ru"},
    )
    assert response.json()["errors"][0]["extensions"]["title"] == "Недопустимый ход"


@pytest.mark.parametrize(
    "header",
    [
        b"\xff\xfe\x00ru",
        b"ru;q=" + b"9" * 400,
        b",,,,;;;;q=,ru;q=0.5;;",
        b"ru;q=NaN, pl;q=inf, en;q=-1",
        b"*;q=0.5, ru-" + b"x" * 900,
        b"ru," * 300,
        "ру-RU".encode(),
    ],
)
def test_a_hostile_accept_language_is_read_within_bounds(client: TestClient, header: bytes) -> None:
    """Whatever bytes the header holds, the answer is the service's (never a 5xx) and names one
    of the three languages."""
    response = client.post(
        "/v1/games/pig/states", json={"players": 2, "seed": 3}, headers={"Accept-Language": header}
    )
    assert response.status_code == 201, response.text
    assert response.headers["content-language"] in ("en", "ru", "pl")


def test_a_tables_stream_speaks_the_language_its_query_or_header_asks() -> None:
    """``EventSource`` cannot set headers: ``?language=`` chooses the updates' language (over the
    header); without it the header does."""
    import asyncio
    import re

    from arbiter.api.app import create_app
    from arbiter.games import registry
    from tests.api.conftest import settings
    from tests.api.streaming import Stream, call

    game = "/v1/games/the-ancient-world"

    async def first_descriptions(app: Any, token: str, query: str, header: str) -> list[str]:
        path = f"{game}/tables/{token}/events?describe=true{query}"
        stream = await Stream(app, path, {"Accept-Language": header}).open()
        [update] = await stream.updates(1)
        await stream.close()
        descriptions: list[str] = update["current"]["descriptions"]
        return descriptions

    async def main() -> None:
        app = create_app(settings(), registry())
        status, master = await call(
            app, "POST", f"{game}/states", {"players": 2, "seed": 7, "sealed": True}
        )
        assert status == 201, master
        token = master["seat_tokens"][0]
        cyrillic, polish = re.compile("[а-яё]"), re.compile("[ąęłńóśźż]|Wyślij")
        russian = await first_descriptions(app, token, "&language=ru", "pl")
        assert all(cyrillic.search(line) for line in russian), russian
        said_pl = await first_descriptions(app, token, "", "pl")
        assert all(polish.search(line) for line in said_pl), said_pl
        english = await first_descriptions(app, token, "&language=en", "ru")
        assert not any(cyrillic.search(line) for line in english), english

    asyncio.run(main())


def test_a_graphql_subscription_takes_a_language_argument(make_client: Any) -> None:
    """A WebSocket's frames carry no Accept-Language: ``tableUpdates(language: ru)`` says the
    updates' texts in Russian."""
    from arbiter.games import registry

    client = make_client(registry=registry())
    game = "the-ancient-world"
    master = client.post(
        f"/v1/games/{game}/states", json={"players": 2, "seed": 7, "sealed": True}
    ).json()
    document = (
        'subscription($token: String!) { tableUpdates(game: "the-ancient-world", '
        "stateToken: $token, describe: true, language: ru) { current { descriptions } } }"
    )
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json() == {"type": "connection_ack"}
        payload = {"query": document, "variables": {"token": master["seat_tokens"][0]}}
        ws.send_json({"id": "1", "type": "subscribe", "payload": payload})
        message = ws.receive_json()
        assert message["type"] == "next", message
        said = message["payload"]["data"]["tableUpdates"]["current"]["descriptions"]
        assert said and all(any("а" <= c <= "я" for c in line) for line in said), said
        ws.send_json({"id": "1", "type": "complete"})


def test_msgspec_s_sentences_are_said_too(client: TestClient) -> None:
    """An ``invalid_request`` detail is msgspec's sentence and our pointer: both said."""
    body = {"players": "two"}
    english = problem(client.post("/v1/games/pig/states", json=body), 422, "invalid_request")
    assert english["detail"] == "Expected `int`, got `str` at /players"
    response = client.post("/v1/games/pig/states", json=body, headers={"Accept-Language": "ru"})
    assert problem(response, 422, "invalid_request")["detail"].startswith(
        "Ожидалось `int`, получено `str`"
    )


def test_an_events_text_is_said_in_the_answers_language(make_client: Any) -> None:
    """The ancient wargame's events tell what happened in words (``happened``'s ``text``):
    said in the answer's language; every other member stays as it is."""
    from arbiter.games import registry

    client = make_client(registry=registry())
    body = {"players": 2, "seed": 7}
    answers = {
        language: client.post(
            "/v1/games/ancient-wargame/states", json=body, headers={"Accept-Language": language}
        ).json()
        for language in ("en", "ru")
    }
    english = [e for e in answers["en"]["events"] if e["type"] == "happened"]
    russian = [e for e in answers["ru"]["events"] if e["type"] == "happened"]
    assert english and len(russian) == len(english)
    for en, ru in zip(english, russian, strict=True):
        assert {k: v for k, v in en.items() if k != "text"} == {
            k: v for k, v in ru.items() if k != "text"
        }
        assert any("а" <= c <= "я" for c in ru["text"]), ru


def test_events_read_back_from_a_tables_feed_are_said_in_the_streams_language() -> None:
    """A stream tells a step's events as the table's feed kept them (in this worker or, with
    Redis, another): the wargame's ``happened`` texts are said in the stream's language as in a
    fresh answer, and every other member is what the move's answer said."""
    import asyncio

    from arbiter.api.app import create_app
    from arbiter.games import registry
    from tests.api.conftest import settings
    from tests.api.streaming import Stream, call

    game = "/v1/games/ancient-wargame"

    async def main() -> None:
        app = create_app(settings(), registry())
        status, moved = await call(
            app, "POST", f"{game}/states", {"players": 2, "seed": 7, "sealed": True}
        )
        assert status == 201, moved
        token, english, steps = moved["state_token"], [], 0
        while not english:  # the master makes the first legal move until something happens
            assert steps < 300, "nothing happened in 300 steps"
            body = {"state_token": token, "move": moved["legal_moves"][0]}
            status, moved = await call(app, "POST", f"{game}/moves", body)
            assert status == 200, moved
            token, steps = moved["state_token"], steps + 1
            english = [e for e in moved["events"] if e["type"] == "happened"]
        path = f"{game}/tables/{token}/events?language=ru"
        stream = await Stream(app, path, {"Last-Event-ID": str(steps - 1)}).open()
        [update] = await stream.updates(1)
        await stream.close()
        assert update["version"] == steps
        russian = [e for e in update["events"] if e["type"] == "happened"]
        assert len(russian) == len(english)
        for en, ru in zip(english, russian, strict=True):
            assert {k: v for k, v in en.items() if k != "text"} == {
                k: v for k, v in ru.items() if k != "text"
            }
            assert any("а" <= c <= "я" for c in ru["text"]), ru

    asyncio.run(main())


def test_a_results_texts_are_said_and_its_keys_stay(make_client: Any) -> None:
    """A finished game's result says each scoring line and tie-breaker in the answer's language
    (``text``, ``tie_breaker_texts``); its keys (``label``, ``tie_breakers``), points and places
    are the same in every language. A record's claimed result is checked without its texts: one
    exported in Russian, or by a release before the texts, replays."""
    import json
    from pathlib import Path

    from arbiter.games import registry

    client = make_client(registry=registry())
    path = Path(__file__).parents[1] / "playthroughs/files/the-ancient-world-2p-seed1.json"
    record = json.loads(path.read_text())
    replay = "/v1/games/the-ancient-world/replay"
    answers = {}
    for language in ("en", "ru", "pl"):
        response = client.post(replay, json=record, headers={"Accept-Language": language})
        assert response.status_code == 200, response.text
        answers[language] = response.json()["result"]
    english, russian, polish = answers["en"], answers["ru"], answers["pl"]

    def keys(result: dict[str, Any]) -> dict[str, Any]:
        bare = {k: v for k, v in result.items() if k != "tie_breaker_texts"}
        bare["breakdown"] = [{k: v for k, v in x.items() if k != "text"} for x in bare["breakdown"]]
        return bare

    assert keys(russian) == keys(english) == keys(polish)
    assert english["breakdown"] and all(line["text"] for line in english["breakdown"])
    for said in (russian, polish):
        assert len(said["tie_breaker_texts"]) == len(english["tie_breakers"])
        for en, other in zip(english["breakdown"], said["breakdown"], strict=True):
            assert other["text"] != en["text"] or not any(c.isalpha() for c in en["text"]), other
    assert any("а" <= c <= "я" for line in russian["breakdown"] for c in line["text"])
    exported_in_russian = {**record, "result": russian}
    assert client.post(replay, json=exported_in_russian).status_code == 200
    before_texts = {**record, "result": keys(english)}
    assert client.post(replay, json=before_texts).status_code == 200
    tampered = {**record, "result": {**keys(english), "scores": [0, 0]}}
    assert client.post(replay, json=tampered).status_code == 422
