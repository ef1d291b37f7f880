"""City maps as data (CITY-1): a grid of numbered square districts with the start districts marked.

A map file (JSON, in ``data/maps/``) holds::

    {"id": "default", "name": {"ru": "...", "en": "..."},
     "grid": [[1, 2, 3], [4, 0, 5]],     # district numbers by row; 0 is no district
     "start": [1, 3],                      # the numbered start districts (CITY-2.2)
     "walls": [[2, 4]],                    # optional: side-sharing districts NOT adjacent
     "players": {"min": 2, "max": 4}}

Adjacency is through sides only, never diagonals (CITY-3.3, CITY-3.6). Loading validates the
shape with a schema and then the meaning: a district twice, a start district off the map, a wall
naming an unknown district, a city in two pieces. Every error names the file and the field.
"""
from __future__ import annotations

import pathlib
from functools import lru_cache
from importlib import resources

from ..core.errors import DataError
from ..core.i18n import T
from ..core.loading import parse_text, read_data, validate
from ..core.messages import catalog

M = catalog("berserk_kernel.city")

_TEXT = {"type": "object", "properties": {"ru": {"type": "string", "minLength": 1},
                                          "en": {"type": "string", "minLength": 1}},
         "required": ["ru", "en"], "additionalProperties": False}

SCHEMA = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 40},
        "name": _TEXT,
        "description": _TEXT,
        "grid": {"type": "array", "minItems": 1, "maxItems": 50, "items": {
            "type": "array", "minItems": 1, "maxItems": 50, "items": {"type": "integer", "minimum": 0, "maximum": 9999}}},
        "start": {"type": "array", "minItems": 2, "maxItems": 50, "items": {"type": "integer", "minimum": 1, "maximum": 9999}},
        "walls": {"type": "array", "maxItems": 5000, "items": {
            "type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 1, "maximum": 9999}}},
        "players": {"type": "object", "properties": {
            "min": {"type": "integer", "minimum": 2, "maximum": 4},
            "max": {"type": "integer", "minimum": 2, "maximum": 4}},
            "required": ["min", "max"], "additionalProperties": False},
    },
    "required": ["id", "name", "grid", "start", "players"],
    "additionalProperties": False,
}


class CityMap:
    """An immutable city map; shared between positions, never copied."""

    def __init__(self, data: dict, source: str = "<map>"):
        for key in data if isinstance(data, dict) else ():
            if key not in SCHEMA["properties"]:
                _bad(source, key, "map_unknown_field", known=", ".join(SCHEMA["properties"]))
        validate(data, SCHEMA, source)
        self.source = source
        self.data = data
        self.id: str = data["id"]
        self.name = T.from_dict(data["name"])
        self.description = T.from_dict(data.get("description", {"ru": "", "en": ""}))
        grid = data["grid"]
        self.rows, self.cols = len(grid), len(grid[0])
        pos: dict[int, tuple[int, int]] = {}
        for r, row in enumerate(grid):
            if len(row) != self.cols:
                _bad(source, f"grid[{r}]", "map_row_length", cells=len(row), cols=self.cols)
            for c, n in enumerate(row):
                if n == 0:
                    continue
                if n in pos:
                    _bad(source, f"grid[{r}][{c}]", "map_district_twice", d=str(n), r=str(pos[n][0]), c=str(pos[n][1]))
                pos[n] = (r, c)
        if len(pos) < 2:
            _bad(source, "grid", "map_too_small")
        self.grid = tuple(tuple(row) for row in grid)
        self.pos = pos
        self.numbers = tuple(sorted(pos))
        self.walls = frozenset()
        walls = set()
        for i, pair in enumerate(data.get("walls", [])):
            for j, n in enumerate(pair):
                if n not in pos:
                    _unknown(source, f"walls[{i}][{j}]", n)
            a, b = pair
            (ra, ca), (rb, cb) = pos[a], pos[b]
            if abs(ra - rb) + abs(ca - cb) != 1:
                _bad(source, f"walls[{i}]", "map_wall_not_side", a=str(a), b=str(b))
            walls.add(frozenset(pair))
        self.walls = frozenset(walls)
        self.neighbours = {n: tuple(sorted(self._side_neighbours(n))) for n in self.numbers}
        starts = data["start"]
        for i, n in enumerate(starts):
            if n not in pos:
                _bad(source, f"start[{i}]", "map_start_missing", d=str(n))
            if starts.index(n) != i:
                _bad(source, f"start[{i}]", "map_start_twice", d=str(n))
        self.start = tuple(starts)
        lo, hi = data["players"]["min"], data["players"]["max"]
        if lo > hi:
            _bad(source, "players.min", "map_min_above_max", lo=str(lo), hi=str(hi))
        if len(self.start) < hi:
            _bad(source, "start", "map_few_starts", n=len(self.start), hi=str(hi))
        self.min_players, self.max_players = lo, hi
        self._check_connected()

    def _side_neighbours(self, n: int):
        r, c = self.pos[n]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                m = self.grid[rr][cc]
                if m and frozenset((n, m)) not in self.walls:
                    yield m

    def _check_connected(self) -> None:
        seen, todo = {self.numbers[0]}, [self.numbers[0]]
        while todo:
            for m in self.neighbours[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        cut = sorted(set(self.numbers) - seen)
        if cut:
            _bad(self.source, "grid", "map_in_pieces", cut=str(cut), first=str(self.numbers[0]))

    def adjacent(self, a: int, b: int) -> bool:
        """Do districts a and b share a side with no wall (CITY-3.3, CITY-3.6)?"""
        return b in self.neighbours.get(a, ())

    def __contains__(self, n) -> bool:
        return n in self.pos

    def __len__(self) -> int:
        return len(self.numbers)

    def spec(self):
        """What a saved game stores: the packaged map's id, or the whole map for a custom one."""
        try:
            if load_map(self.id).data == self.data:
                return self.id
        except DataError:
            pass
        return self.data


def _bad(source: str, field: str, msg: str, **kw):
    """Refuse the map with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    raise DataError(source, field, m.en, m.ru)


def _unknown(source: str, field: str, n):
    _bad(source, field, "map_unknown_district", d=str(n))


def _package_dir():
    return resources.files("berserk_kernel.city").joinpath("data").joinpath("maps")


def map_names() -> list[str]:
    """The ids of the packaged maps."""
    return sorted(p.name[:-5] for p in _package_dir().iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=None)
def _packaged(name: str) -> CityMap:
    # the name is checked against the packaged list before any file is opened: a scenario's
    # "map" never reaches the file system ("../../etc/hostname" is just an unknown name)
    if not isinstance(name, str) or name not in map_names():
        shown = repr(name)[:40]
        _bad("<map>", "map", "no_packaged_map", name=shown, known=", ".join(map_names()))
    path = _package_dir().joinpath(f"{name}.json")
    source = f"berserk_kernel/city/data/maps/{name}.json"
    return CityMap(parse_text(path.read_text("utf-8"), source), source)


def load_map(spec) -> CityMap:
    """A map from a packaged name ("default"), a dict, a CityMap or (from Python only) a file
    path. Scenario and record files name packaged maps or give the map inline: their names never
    open a file (`scenario.SETUP` allows only ``[a-z0-9-]`` names)."""
    if isinstance(spec, CityMap):
        return spec
    if isinstance(spec, dict):
        return CityMap(spec, "<map>")
    if isinstance(spec, pathlib.Path) or (isinstance(spec, str) and spec.endswith(".json")):
        data, source = read_data(spec)
        return CityMap(data, source)
    if isinstance(spec, str):
        return _packaged(spec)
    _bad("<map>", "map", "map_spec_type", got=repr(spec)[:60])
