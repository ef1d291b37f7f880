"""Loading data files (JSON, TOML) with validation that names the file and the field."""
from __future__ import annotations

import json
import pathlib
import tomllib

import fastjsonschema

from .errors import DataError


def read_data(path) -> tuple[object, str]:
    """Read a .json or .toml file; return (data, source name). Syntax errors name the file."""
    p = pathlib.Path(path)
    source = str(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(source, "", f"cannot read the file: {e.strerror}",
                        f"не удалось прочитать файл: {e.strerror}") from None
    return parse_text(text, source, toml=p.suffix == ".toml"), source


def parse_text(text: str, source: str, *, toml: bool = False):
    try:
        return tomllib.loads(text) if toml else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise DataError(source, "", f"not valid {'TOML' if toml else 'JSON'}: {e}",
                        f"некорректный {'TOML' if toml else 'JSON'}: {e}") from None


_compiled: dict[int, object] = {}


def validate(data, schema: dict, source: str, names=None):
    """Validate `data` against a JSON schema; raise `DataError` naming the offending field.

    `names(path)` may turn a path such as ``["cards", 3, "lives"]`` into a friendlier field name
    (for example the card's id instead of its index).
    """
    key = id(schema)
    if key not in _compiled:
        _compiled[key] = fastjsonschema.compile(schema)
    try:
        _compiled[key](data)
    except fastjsonschema.JsonSchemaValueException as e:
        path = [int(p) if isinstance(p, str) and p.isdigit() else p for p in (e.path or [])[1:]]
        field = names(path) if names else field_name(path)
        message = e.message.replace(e.name or "data", "value", 1) if e.name else e.message
        raise DataError(source, field, message) from None
    return data


def field_name(path) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
