"""The shared console script shape: ``GAME replay RECORD.json`` and ``GAME check FILE.json``."""
from __future__ import annotations

import argparse
import json
import sys

from .errors import DataError


def make_main(prog: str, load_record, load_any):
    """Build a console entry point.

    `load_record(path)` returns the replayed state; `load_any(path)` validates a scenario or a
    record and returns a one-line description. Both raise `DataError` on bad input.
    """

    def main(argv=None) -> int:
        parser = argparse.ArgumentParser(prog=prog, description=f"{prog}: replay and check game files")
        parser.add_argument("--lang", choices=("ru", "en"), default="ru", help="language of the log")
        sub = parser.add_subparsers(dest="command", required=True)
        p = sub.add_parser("replay", help="replay a record: print the final state as JSON and the log")
        p.add_argument("record")
        p = sub.add_parser("check", help="validate a scenario or record; exit 1 with the reason")
        p.add_argument("file")
        args = parser.parse_args(argv)
        try:
            if args.command == "replay":
                state = load_record(args.record)
                print(json.dumps(state.to_dict(), ensure_ascii=False, indent=1, sort_keys=True))
                print(state.log_text(args.lang))
                print(f"state_hash: {state.state_hash()}")
            else:
                print(f"ok: {load_any(args.file)}")
        except DataError as e:
            print(f"error: {e.source}: {e.field}: {e.text(args.lang)}" if e.field
                  else f"error: {e.source}: {e.text(args.lang)}", file=sys.stderr)
            return 1
        return 0

    return main
