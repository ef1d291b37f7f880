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
                _bad(source, key, f"unknown field (known: {', '.join(SCHEMA['properties'])})",
                     f"неизвестное поле (известны: {', '.join(SCHEMA['properties'])})")
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
                _bad(source, f"grid[{r}]", f"row has {len(row)} cells, expected {self.cols} like row 0",
                     f"в строке {len(row)} клеток, а в строке 0 — {self.cols}")
            for c, n in enumerate(row):
                if n == 0:
                    continue
                if n in pos:
                    _bad(source, f"grid[{r}][{c}]", f"district {n} appears twice (first at grid[{pos[n][0]}][{pos[n][1]}])",
                         f"район {n} встречается дважды (впервые в grid[{pos[n][0]}][{pos[n][1]}])")
                pos[n] = (r, c)
        if len(pos) < 2:
            _bad(source, "grid", "a city needs at least two districts", "в городе должно быть хотя бы два района")
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
                _bad(source, f"walls[{i}]", f"districts {a} and {b} do not share a side, a wall between them means nothing",
                     f"районы {a} и {b} не имеют общей стороны, стена между ними бессмысленна")
            walls.add(frozenset(pair))
        self.walls = frozenset(walls)
        self.neighbours = {n: tuple(sorted(self._side_neighbours(n))) for n in self.numbers}
        starts = data["start"]
        for i, n in enumerate(starts):
            if n not in pos:
                _bad(source, f"start[{i}]", f"start district {n} is not on the map",
                     f"стартового района {n} нет на карте")
            if starts.index(n) != i:
                _bad(source, f"start[{i}]", f"start district {n} is listed twice",
                     f"стартовый район {n} указан дважды")
        self.start = tuple(starts)
        lo, hi = data["players"]["min"], data["players"]["max"]
        if lo > hi:
            _bad(source, "players.min", f"min {lo} is above max {hi}", f"min {lo} больше max {hi}")
        if len(self.start) < hi:
            _bad(source, "start", f"{len(self.start)} start districts for up to {hi} players",
                 f"{len(self.start)} стартовых районов на {hi} игроков")
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
            _bad(self.source, "grid", f"the city is in pieces: districts {cut} cannot be reached from {self.numbers[0]}",
                 f"город распался на части: до районов {cut} не дойти от района {self.numbers[0]}")

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


def _bad(source: str, field: str, en: str, ru: str):
    raise DataError(source, field, en, ru)


def _unknown(source: str, field: str, n):
    raise DataError(source, field, f"unknown district {n}: not on the map", f"неизвестный район {n}: его нет на карте")


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
        raise DataError("<map>", "map", f"no packaged map named {shown} (known: {', '.join(map_names())}); "
                        "a custom map is given inline as a table",
                        f"нет встроенной карты {shown} (есть: {', '.join(map_names())}); "
                        "свою карту задают прямо в файле, таблицей")
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
    raise DataError("<map>", "map", f"expected a map name, file or table, got {repr(spec)[:60]}",
                    f"ожидалось имя карты, файл или таблица, получено {repr(spec)[:60]}")
