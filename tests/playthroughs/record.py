"""Record the golden playthroughs again: ``python -m tests.playthroughs.record`` (``make playthroughs``)."""

from __future__ import annotations

from tests.playthroughs.cases import CASES
from tests.playthroughs.golden import FILES, dump, path_for, record


def main() -> None:
    FILES.mkdir(exist_ok=True)
    for game, players, seed in CASES:
        path = path_for(game.id, players, seed)
        path.write_bytes(dump(record(game, players, seed)))
        print(f"recorded {path.relative_to(FILES.parent.parent.parent)}")


if __name__ == "__main__":
    main()
