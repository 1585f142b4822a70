"""``python -m arbiter.languages update [domain ...]`` (every domain by default) and
``python -m arbiter.languages compile``: see :mod:`arbiter.languages.catalogs`."""

from __future__ import annotations

import sys
from pathlib import Path

from arbiter.languages import SERVICE, compile_all, compile_one, domain_of
from arbiter.languages.catalogs import update


def main(argv: list[str]) -> None:
    command, *domains = argv or ["compile"]
    if command == "compile":
        for mo in compile_all():
            print(f"compiled {mo}")
    elif command == "compile-one":  # make's rule: one catalog
        for po in domains:
            compile_one(Path(po))
    elif command == "update":
        from arbiter.games import registry

        for domain in domains or [SERVICE, *map(domain_of, registry().ids())]:
            print(domain, update(domain))
    else:
        raise SystemExit(f"unknown command {command!r}: update or compile")


if __name__ == "__main__":
    main(sys.argv[1:])
