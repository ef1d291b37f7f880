"""The shared console script shape: ``GAME replay RECORD.json`` and ``GAME check FILE.json``."""
from __future__ import annotations

import argparse
import json
import sys

from .errors import DataError, KernelError
from .messages import catalog

M = catalog("berserk_kernel.core")


def make_main(prog: str, load_record, load_any):
    """Build a console entry point.

    `load_record(path)` returns the replayed state; `load_any(path)` validates a scenario or a
    record and returns a one-line description. Both raise `DataError` on bad input.

    Exit codes: 0 done, 1 the file is refused (one line ``error: FILE: FIELD: reason``, in the
    language of ``--lang``, never a traceback), 2 a usage error (argparse).
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
        for stream in (sys.stdout, sys.stderr):
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        path = args.record if args.command == "replay" else args.file
        try:
            if args.command == "replay":
                state = load_record(path)
                out = "\n".join([json.dumps(state.to_dict(), ensure_ascii=False, indent=1, sort_keys=True),
                                 state.log_text(args.lang), f"state_hash: {state.state_hash()}"])
            else:
                out = f"ok: {load_any(path)}"
        except DataError as e:
            print(f"error: {e.line(args.lang)}", file=sys.stderr)
            return 1
        except KernelError as e:
            print(f"error: {path}: {e.text(args.lang)}", file=sys.stderr)
            return 1
        except (Exception, RecursionError) as e:  # noqa: BLE001 - a bad file never prints a traceback
            kind = type(e).__name__
            print(f"error: {path}: " + M("internal_error", kind=kind).get(args.lang), file=sys.stderr)
            return 1
        print(out)
        return 0

    return main
