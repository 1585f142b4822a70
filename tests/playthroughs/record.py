"""Record the golden playthroughs again: ``python -m tests.playthroughs.record`` (``make playthroughs``)."""

from __future__ import annotations

from tests.playthroughs.cases import CASES
from tests.playthroughs.golden import FILES, dump, dump_hashes, hashes_path, path_for, record


def main() -> None:
    FILES.mkdir(exist_ok=True)
    for game, players, seed in CASES:
        path = path_for(game.id, players, seed)
        golden, hashes = record(game, players, seed)
        path.write_bytes(dump(golden))
        hashes_path(path).write_bytes(dump_hashes(hashes))
        print(f"recorded {path.relative_to(FILES.parent.parent.parent)} (and its .hashes)")


if __name__ == "__main__":
    main()
