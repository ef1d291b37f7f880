"""The battlefield and its geometry (BR-8, CR-202.1, CR-202.2).

Cells are numbered 0..29, row-major from the first player's side. A cell's name is a column letter
``a``..``e`` (left to right as the first player sees it) and a rank ``1``..``6`` counted from the
first player's edge, as on a chessboard: ranks 1-3 are the first player's half, 4-6 the second's.
Each player's own "row 1..3" (CR-202.2: row 1 touches the enemy half, row 3 is nearest to the
player) is `half_row(cell, seat)`. See docs/notation.md.
"""
from __future__ import annotations

from ..core.errors import DataError
from ..core.messages import catalog

E = catalog("berserk_kernel.berserk", "data/errors.toml")

COLS = 5
RANKS = 6
CELLS = range(COLS * RANKS)
_N = COLS * RANKS
COL_NAMES = "abcde"


def _cell_name(cell: int) -> str:
    return f"{COL_NAMES[cell % COLS]}{cell // COLS + 1}"


_NAMES = tuple(_cell_name(c) for c in CELLS)


def cell_name(cell: int) -> str:
    """7 -> ``"c2"`` (a name read from a table for the cells of the field)."""
    return _NAMES[cell] if 0 <= cell < _N else _cell_name(cell)


def parse_cell(name: str) -> int:
    """``"c2"`` -> 7. Raises `DataError` for a cell off the field."""
    s = str(name).strip().lower()
    if len(s) != 2 or s[0] not in COL_NAMES or s[1] not in "123456":
        raise DataError.of("<cell>", "", E("field_not_cell_field_e", name=name))
    return (int(s[1]) - 1) * COLS + COL_NAMES.index(s[0])


def col(cell: int) -> int:
    return cell % COLS


def rank(cell: int) -> int:
    """0-based rank from the first player's edge."""
    return cell // COLS


def half_of(cell: int) -> int:
    """Seat (0 = first player) whose half holds the cell."""
    return 0 if rank(cell) < 3 else 1


def half_row(cell: int, seat: int) -> int | None:
    """The cell's row number in `seat`'s half (1 touches the enemy, 3 is nearest), else None."""
    r = rank(cell)
    if seat == 0:
        return 3 - r if r < 3 else None
    return r - 2 if r >= 3 else None


def cell_at(seat: int, row: int, column: int) -> int:
    """The cell in `seat`'s half at half-row `row` (1..3) and column 0..4."""
    r = 3 - row if seat == 0 else row + 2
    return r * COLS + column


def _neighbours(cell: int, diagonal: bool) -> tuple:
    r, c = divmod(cell, COLS)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and (diagonal or not (dr and dc)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < RANKS and 0 <= cc < COLS:
                    out.append(rr * COLS + cc)
    return tuple(out)


ORTHOGONAL = tuple(_neighbours(c, False) for c in CELLS)   # movement (BR-9.1)
ADJACENT = tuple(_neighbours(c, True) for c in CELLS)       # simple strike reach (BR-10.1)
ADJACENT_SETS = tuple(frozenset(a) for a in ADJACENT)


def adjacent(a: int, b: int) -> bool:
    return b in ADJACENT_SETS[a]


def half_cells(seat: int) -> list[int]:
    return [c for c in CELLS if half_of(c) == seat]


def placement_tiers(seat: int) -> list[list[int]]:
    return _TIERS[seat]


def _placement_tiers(seat: int) -> list[list[int]]:
    """The order in which a seat fills its half (BR-8.1, BR-8.2): each tier before the next."""
    centre = (1, 2, 3)
    if seat == 0:
        return [
            [cell_at(0, row, c) for row in (1, 2, 3) for c in centre],          # the central 3x3
            [cell_at(0, row, c) for row in (2, 3) for c in (0, 4)],             # rows 2 and 3
            [cell_at(0, 1, c) for c in (0, 4)],                                 # row 1 last
        ]
    return [
        [cell_at(1, 1, c) for c in range(COLS)] + [cell_at(1, row, c) for row in (2, 3) for c in centre],
        [cell_at(1, row, c) for row in (2, 3) for c in (0, 4)],
    ]


_TIERS = (_placement_tiers(0), _placement_tiers(1))
