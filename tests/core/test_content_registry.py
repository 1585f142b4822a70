"""A game keeps its default pack and at most ``content_limit`` registered packs, least recently
used first out, each with its tables; a pack that fell out is unknown until registered again."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import DEFAULT_CONTENT_LIMIT, ContentPacks, UnknownContent
from tests.toy import Pig, PigContent, Roll


class TabledPig(Pig):
    """Pig with per-pack tables: the sorted faces, counting how often they are built."""

    def __init__(self) -> None:
        self.built: list[tuple[int, ...]] = []
        super().__init__()

    def make_tables(self, content: PigContent) -> tuple[int, ...]:
        faces = tuple(sorted(set(content.faces)))
        self.built.append(faces)
        return faces


def pack(n: int) -> PigContent:
    """A distinct pack for every ``n``."""
    return PigContent(faces=(1, 2, 3, 4, 5, 6, 100 + n))


@pytest.fixture
def pig() -> TabledPig:
    return TabledPig()


def test_the_limit_defaults_to_64_and_can_be_set(pig: TabledPig) -> None:
    assert pig.content_limit == DEFAULT_CONTENT_LIMIT == 64
    pig.content_limit = 3
    assert pig.content_limit == 3
    with pytest.raises(ValueError):
        pig.content_limit = 0


def test_many_packs_keep_at_most_the_limit_besides_the_default(pig: TabledPig) -> None:
    pig.content_limit = 4
    ids = [pig.register_content(pack(n)) for n in range(10)]
    kept = [cid for cid in ids if pig.has_content(cid)]
    assert kept == ids[-4:]
    assert pig.has_content(pig.default_content_id)


def test_a_pack_that_fell_out_is_unknown_everywhere(pig: TabledPig) -> None:
    pig.content_limit = 1
    first = pig.register_content(pack(1))
    state = pig.new_state(2, seed=1, content_id=first)
    pig.register_content(pack(2))
    assert not pig.has_content(first)
    with pytest.raises(UnknownContent):
        pig.content(first)
    with pytest.raises(UnknownContent):
        pig.tables(first)
    with pytest.raises(UnknownContent):
        pig.new_state(2, content_id=first)
    with pytest.raises(UnknownContent):
        pig.apply(state, Roll(seat=0))
    assert pig.register_content(pack(1)) == first  # registered again, it plays again
    pig.apply(state, Roll(seat=0))


@pytest.mark.parametrize("use", ["content", "content_of", "has_content", "check_pinned", "tables"])
def test_using_a_pack_keeps_it(pig: TabledPig, use: str) -> None:
    pig.content_limit = 2
    old = pig.register_content(pack(1))
    state = pig.new_state(2, seed=1, content_id=old)
    newer = pig.register_content(pack(2))
    if use in ("content_of", "check_pinned"):
        getattr(pig, use)(state)
    else:
        getattr(pig, use)(old)
    pig.register_content(pack(3))  # one too many: the least recently used goes
    assert pig.has_content(old)
    assert not pig.has_content(newer)


def test_registering_a_kept_pack_again_is_a_use(pig: TabledPig) -> None:
    pig.content_limit = 2
    old = pig.register_content(pack(1))
    newer = pig.register_content(pack(2))
    pig.register_content(pack(1))
    pig.register_content(pack(3))
    assert pig.has_content(old) and not pig.has_content(newer)


def test_the_default_pack_never_falls_out(pig: TabledPig) -> None:
    pig.content_limit = 1
    for n in range(5):
        pig.register_content(pack(n))
    state = pig.new_state(2, seed=1)
    assert state.content_id == pig.default_content_id
    assert pig.content(pig.default_content_id) == PigContent()


def test_lowering_the_limit_drops_the_least_recently_used_at_once(pig: TabledPig) -> None:
    ids = [pig.register_content(pack(n)) for n in range(5)]
    pig.content(ids[0])
    pig.content_limit = 2
    assert [cid for cid in ids if pig.has_content(cid)] == [ids[0], ids[4]]


def test_tables_are_built_once_and_go_with_their_pack(pig: TabledPig) -> None:
    pig.content_limit = 1
    cid = pig.register_content(pack(7))
    assert pig.tables(cid) is pig.tables(cid)
    assert pig.built == [(1, 2, 3, 4, 5, 6, 107)]
    pig.register_content(pack(8))
    pig.register_content(pack(7))
    pig.tables(cid)
    assert pig.built == [(1, 2, 3, 4, 5, 6, 107), (1, 2, 3, 4, 5, 6, 107)]


def test_the_registry_holds_nothing_of_a_dropped_pack() -> None:
    packs: ContentPacks[PigContent] = ContentPacks(limit=2)
    packs.add("default", PigContent(), pinned=True)
    for n in range(5):
        packs.add(f"p{n}", pack(n))
        packs.derived(f"p{n}", lambda content: msgspec.json.encode(content))
    assert len(packs) == 3
    assert packs.ids() == ("default", "p3", "p4")
    assert packs.get("p0") is None
    with pytest.raises(KeyError):
        packs.derived("p0", lambda content: None)


def test_a_former_id_of_a_pinned_pack_answers_for_it_and_is_never_dropped() -> None:
    packs: ContentPacks[str] = ContentPacks(limit=1)
    packs.add("today", "default", pinned=True)
    packs.alias("before", "today")
    assert "before" in packs and packs.get("before") == "default"
    built = packs.derived("today", lambda c: [c])
    assert packs.derived("before", lambda c: [c]) is built  # shared, built once
    assert packs.pinned_derived["before"] is built
    packs.add("other", "x")
    packs.add("another", "y")  # past the limit: "other" goes, the former id stays
    packs.remove("before")
    packs.add("before", "not the default")  # a pack registered under it changes nothing
    assert packs.get("before") == "default" and "other" not in packs
    with pytest.raises(KeyError):
        packs.alias("then", "never-pinned")
