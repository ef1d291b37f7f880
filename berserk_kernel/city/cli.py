"""The `city` console script: ``city replay RECORD.json`` and ``city check FILE.json``."""
from __future__ import annotations

from ..core.cli import make_main
from .record import load_any, load_record

main = make_main("city", load_record, load_any)

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
