"""``python -m arbiter.languages update [domain ...]`` (every domain by default),
``python -m arbiter.languages compile`` and ``compile-one PO...`` (make's rule): see
:mod:`arbiter.languages.catalogs`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter.languages import SERVICE, compile_all, compile_one, domain_of
from arbiter.languages.catalogs import update


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m arbiter.languages", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("compile", help="compile every catalog's .po to its .mo")
    one = commands.add_parser("compile-one", help="compile the .po files named")
    one.add_argument("po", nargs="+", type=Path)
    updating = commands.add_parser("update", help="add what the code says to the catalogs")
    updating.add_argument("domains", nargs="*", help="catalog domains (default: every one)")
    args = parser.parse_args(argv or ["compile"])
    if args.command == "compile":
        for mo in compile_all():
            print(f"compiled {mo}")
    elif args.command == "compile-one":
        for po in args.po:
            compile_one(po)
    else:
        from arbiter.games import registry

        known = [SERVICE, *map(domain_of, registry().ids())]
        unknown = sorted(set(args.domains) - set(known))
        if unknown:
            parser.error(f"unknown domains {unknown}: one of {known}")
        for domain in args.domains or known:
            print(domain, update(domain))


if __name__ == "__main__":
    main(sys.argv[1:])
