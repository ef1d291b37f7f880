"""Loading data (JSON, TOML) safely, with errors that name the file and the field.

Every file, paste and table goes through the same gate before a game sees it:

* `read_data(path)`: only a regular file is read (a FIFO, a device such as ``/dev/zero`` or a
  directory is refused without reading), at most `MAX_BYTES`, and it must be UTF-8 text.
* `parse_text(text, source, max_bytes=...)`: the size, valid Unicode, nesting depth at most
  `MAX_DEPTH` (checked before parsing, so no `RecursionError`), no duplicate keys, no number with
  more than 20 digits, no NaN or Infinity.
* `validate(data, schema, source)`: the plain-data check (`check_plain`: only JSON values, no
  fractional numbers, no lone surrogates, integers within ±2**64, bounded depth), then the JSON
  schema (fastjsonschema), whose refusals are turned into Russian and English sentences naming
  the field.

Each refusal is a `DataError` (source, field, en, ru).
"""
from __future__ import annotations

import codecs
import copy
import json
import os
import re
import stat
import tomllib

import fastjsonschema

from .errors import DataError

MAX_BYTES = 2_000_000        # a file, paste or upload: records of 100,000 actions fit
MAX_DEPTH = 32               # nesting of objects and lists (our formats use 8 at most)
MAX_INT = 2 ** 64            # the dice state is the largest number in a file
MAX_DIGITS = 20
MAX_TEXT = 10_000            # characters in one string of a game file


class _Refused(Exception):
    def __init__(self, field: str, en: str, ru: str):
        super().__init__(en)
        self.field, self.en, self.ru = field, en, ru


# --- reading files -------------------------------------------------------------------------------
def read_bytes(path, max_bytes: int = MAX_BYTES) -> tuple[bytes, str]:
    """The bytes of a regular file of at most `max_bytes`; anything else is a `DataError`."""
    if not isinstance(path, (str, os.PathLike)):
        raise DataError("<data>", "", f"expected a file name, got {_short(path)}",
                        f"ожидалось имя файла, получено {_short(path)}")
    source = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise DataError(source, "", f"cannot read the file: {reason}",
                        f"не удалось прочитать файл: {reason}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataError(source, "", "not a regular file (a directory, device or pipe is never read)",
                            "это не обычный файл (каталоги, устройства и каналы не читаются)")
        if st.st_size > max_bytes:
            raise _too_big(source, st.st_size, max_bytes)
        with open(fd, "rb", closefd=False) as f:
            raw = f.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise _too_big(source, len(raw), max_bytes)
    return raw, source


def decode(raw: bytes, source: str) -> str:
    """UTF-8 text (an optional UTF-8 byte order mark is dropped); UTF-16 and stray bytes refused."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in raw[:4096]:
        raise DataError(source, "", "the file is not UTF-8 text (it looks like UTF-16): save it as UTF-8",
                        "файл не в кодировке UTF-8 (похоже на UTF-16): сохраните его в UTF-8")
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        byte = raw[e.start]
        raise DataError(source, "", f"the file is not UTF-8 text: byte 0x{byte:02x} at position {e.start}",
                        f"файл не в кодировке UTF-8: байт 0x{byte:02x} в позиции {e.start}") from None


def read_data(path, max_bytes: int = MAX_BYTES) -> tuple[object, str]:
    """Read a .json or .toml file; return (data, source name). Every problem names the file."""
    raw, source = read_bytes(path, max_bytes)
    return parse_text(decode(raw, source), source, toml=str(path).endswith(".toml"),
                      max_bytes=max_bytes), source


# --- parsing text --------------------------------------------------------------------------------
def parse_text(text: str, source: str = "<paste>", *, toml: bool = False, max_bytes: int = MAX_BYTES):
    """Parse JSON (or TOML) given as text, e.g. pasted in the explorer (source ``"<paste>"``)."""
    fmt = "TOML" if toml else "JSON"
    if not isinstance(text, str):
        raise DataError(source, "", f"expected {fmt} text, got {_short(text)}",
                        f"ожидался текст {fmt}, получено {_short(text)}")
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise _too_big(source, len(text.encode("utf-8", "surrogatepass")), max_bytes)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise DataError(source, "", f"the text is not valid Unicode: a lone surrogate at position {e.start}",
                        f"текст — не корректный Юникод: одиночный суррогат в позиции {e.start}") from None
    deep = _too_deep(text, toml)
    if deep is not None:
        raise DataError(source, "", f"not valid {fmt}: nested deeper than {MAX_DEPTH} levels (at position {deep})",
                        f"некорректный {fmt}: вложенность глубже {MAX_DEPTH} уровней (в позиции {deep})")
    try:
        if toml:
            data = tomllib.loads(text, parse_float=_float)
        else:
            data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_constant=_constant,
                              parse_float=_float)
    except _Refused as e:
        raise DataError(source, e.field or _number_key(text), e.en, e.ru) from None
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise DataError(source, "", f"not valid {fmt}: {e}", f"некорректный {fmt}: {e}") from None
    except (ValueError, RecursionError, MemoryError) as e:   # tomllib's int() of a huge number
        if "digits" in str(e):
            raise DataError(source, _number_key(text), f"a number with more than {MAX_DIGITS} digits",
                            f"число из более чем {MAX_DIGITS} цифр") from None
        reason = str(e)[:120]
        raise DataError(source, "", f"not valid {fmt}: {reason}", f"некорректный {fmt}: {reason}") from None
    check_plain(data, source)
    return data


def loads(text: str, source: str = "<paste>", max_bytes: int = MAX_BYTES):
    """`parse_text` for JSON with a size limit of its own (the explorer's paste box)."""
    return parse_text(text, source, max_bytes=max_bytes)


_STRINGS = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_TOML_STRINGS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')


def _too_deep(text: str, toml: bool):
    """The position where brackets nest deeper than MAX_DEPTH (strings skipped), else None."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    pos = 0
    for m in re.finditer(r"[\[\]{}]", (_TOML_STRINGS if toml else _STRINGS).sub(lambda m: " " * len(m.group()), text)):
        depth += 1 if m.group() in "[{" else -1
        pos = m.start()
        if depth > MAX_DEPTH:
            return pos
    return None


def _number_key(text: str) -> str:
    """The key in front of an over-long number, to name the field of a refused number."""
    m = re.search(r'"((?:[^"\\\n]|\\.){1,40})"\s*[:=]\s*-?[0-9]{%d}' % (MAX_DIGITS + 1), text) or \
        re.search(r'([A-Za-z_][A-Za-z0-9_-]{0,39})\s*=\s*-?[0-9]{%d}' % (MAX_DIGITS + 1), text)
    return m.group(1) if m else ""


def _pairs(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(_short_key(key), f"the key {_short(key)} appears twice in one object",
                           f"ключ {_short(key)} встречается в одном объекте дважды")
        out[key] = value
    return out


def _int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_DIGITS:
        raise _Refused("", f"a number with {len(s.lstrip('-'))} digits: at most {MAX_DIGITS} are allowed",
                       f"число из {len(s.lstrip('-'))} цифр: допустимо не больше {MAX_DIGITS}")
    return int(s)


def _float(s: str) -> float:
    if len(s) > 40:
        raise _Refused("", f"a number written with {len(s)} characters is too long",
                       f"слишком длинная запись числа ({len(s)} символов)")
    value = float(s)
    if value != value or value in (float("inf"), float("-inf")):
        raise _Refused("", f"{s[:40]} is not a finite number", f"{s[:40]} — не конечное число")
    return value


def _constant(s: str):
    raise _Refused("", f"{s} is not a number of JSON", f"{s} — не число JSON")


# --- plain data ----------------------------------------------------------------------------------
_SCALARS = (str, int, type(None))


def check_plain(data, source: str, *, floats: bool = False, names=None) -> None:
    """Only JSON values: objects with text keys, lists, text, whole numbers within ±2**64,
    booleans, null; no fractional number (unless `floats`), no lone surrogate, at most
    `MAX_DEPTH` levels deep. Raises `DataError` naming the first bad field (through
    `names(path)` when given, as in `validate`)."""
    try:
        _walk(data, source, floats)
    except _Refused as e:
        path = [_short_key(p) if isinstance(p, str) else p for p in e.field]
        raise DataError(source, names(path) if names else field_name(path), e.en, e.ru) from None


def _walk(data, source: str, floats: bool) -> None:
    todo = [(data, (), 0)]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                _bad_plain(source, path, f"nested deeper than {MAX_DEPTH} levels", f"вложенность глубже {MAX_DEPTH} уровней")
            for k, v in value.items():
                if not isinstance(k, str):
                    _bad_plain(source, path, f"a key must be text, got {_short(k)}", f"ключ должен быть текстом, получено {_short(k)}")
                _check_text(k, source, path + (k,))
                todo.append((v, path + (k,), depth + 1))
        elif isinstance(value, (list, tuple)):
            if depth >= MAX_DEPTH:
                _bad_plain(source, path, f"nested deeper than {MAX_DEPTH} levels", f"вложенность глубже {MAX_DEPTH} уровней")
            todo.extend((v, path + (i,), depth + 1) for i, v in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, source, path)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                _bad_plain(source, path, f"the number is too large (more than {MAX_DIGITS} digits)",
                           f"слишком большое число (больше {MAX_DIGITS} цифр)")
        elif isinstance(value, float):
            if not floats:
                _bad_plain(source, path, f"expected a whole number, got {_short(value)}",
                           f"ожидалось целое число, получено {_short(value)}")
        else:
            _bad_plain(source, path, f"not a JSON value: {type(value).__name__}",
                       f"не значение JSON: {type(value).__name__}")


def _check_text(s: str, source: str, path) -> None:
    if len(s) > MAX_TEXT:
        _bad_plain(source, path, f"the text is longer than {MAX_TEXT} characters",
                   f"текст длиннее {MAX_TEXT} символов")
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        _bad_plain(source, path, f"not valid Unicode text: a lone surrogate at position {e.start}",
                   f"некорректный текст Юникода: одиночный суррогат в позиции {e.start}")


def _bad_plain(source, path, en, ru):
    raise _Refused(path, en, ru)


# --- schemas -------------------------------------------------------------------------------------
_compiled: dict[int, tuple] = {}
_JSON_TYPE = {bool: "boolean", int: "integer", str: "string", type(None): "null", float: "number"}


def strict(schema):
    """A copy of `schema` where every ``enum``/``const`` also states its JSON types, so that
    ``true`` never passes for ``1`` nor ``1.0`` for an integer enum."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: (strict(v) if k not in ("enum", "const", "required") else v) for k, v in schema.items()}
    if "type" not in out and ("enum" in out or "const" in out):
        values = out["enum"] if "enum" in out else [out["const"]]
        types = sorted({_JSON_TYPE.get(type(v), "object") for v in values})
        out["type"] = types[0] if len(types) == 1 else types
    return out


def validate(data, schema: dict, source: str, names=None):
    """Check plain data, then validate `data` against a JSON schema; raise `DataError` naming
    the offending field in both languages.

    `names(path)` may turn a path such as ``["cards", 3, "lives"]`` into a friendlier field name
    (for example the card's id instead of its index).
    """
    check_plain(data, source, names=names)
    key = id(schema)
    if key not in _compiled:
        _compiled[key] = (schema, fastjsonschema.compile(strict(copy.deepcopy(schema))))
    try:
        _compiled[key][1](data)
    except fastjsonschema.JsonSchemaValueException as e:
        path = [int(p) if isinstance(p, str) and p.isdigit() else p for p in (e.path or [])[1:]]
        en, ru, extra = schema_message(e)
        if extra is not None:
            path.append(extra)
        field = names(path) if names else field_name(path)
        raise DataError(source, field, en, ru) from None
    return data


_TYPES = {"integer": ("a whole number", "целое число"), "string": ("text", "текст"),
          "object": ("a table (a JSON object)", "таблица (объект JSON)"), "array": ("a list", "список"),
          "boolean": ("true or false", "true или false"), "null": ("null", "null"),
          "number": ("a number", "число")}


def _type_words(t):
    ts = t if isinstance(t, list) else [t]
    return (" or ".join(_TYPES.get(x, (x, x))[0] for x in ts), " или ".join(_TYPES.get(x, (x, x))[1] for x in ts))


def schema_message(e) -> tuple[str, str, object]:
    """(en, ru, extra key) for a fastjsonschema refusal; extra is a field to add to the path."""
    rule, d, v = e.rule, e.rule_definition, e.value
    got_en, got_ru = f"got {_short(v)}", f"получено {_short(v)}"
    if rule == "type":
        en, ru = _type_words(d)
        return f"expected {en}, {got_en}", f"ожидалось: {ru}; {got_ru}", None
    if rule in ("enum", "const"):
        allowed = ", ".join(_short(x) for x in (d if rule == "enum" else [d]))
        return f"must be one of: {allowed}; {got_en}", f"допустимо одно из: {allowed}; {got_ru}", None
    simple = {
        "minimum": (f"must be at least {d}", f"должно быть не меньше {d}"),
        "maximum": (f"must be at most {d}", f"должно быть не больше {d}"),
        "exclusiveMinimum": (f"must be more than {d}", f"должно быть больше {d}"),
        "exclusiveMaximum": (f"must be less than {d}", f"должно быть меньше {d}"),
        "minLength": (f"must be at least {d} characters long", f"должно быть не короче {d} символов"),
        "maxLength": (f"must be at most {d} characters long", f"должно быть не длиннее {d} символов"),
        "minItems": (f"must hold at least {d} items", f"должно содержать не меньше {d} элементов"),
        "maxItems": (f"must hold at most {d} items", f"должно содержать не больше {d} элементов"),
        "maxProperties": (f"must hold at most {d} fields", f"должно содержать не больше {d} полей"),
        "uniqueItems": ("the items must not repeat", "элементы не должны повторяться"),
        "pattern": (f"does not match the pattern {d}", f"не подходит под шаблон {d}"),
    }
    if rule in simple:
        en, ru = simple[rule]
        shown = f"; {got_en}" if rule not in ("maxItems", "maxProperties", "uniqueItems") else ""
        shown_ru = f"; {got_ru}" if shown else ""
        return en + shown, ru + shown_ru, None
    if rule == "required" and isinstance(v, dict):
        missing = [k for k in d if k not in v]
        name = missing[0] if missing else "?"
        return f"the field {name!r} is missing", f"нет обязательного поля {name!r}", None
    if rule == "additionalProperties" and isinstance(v, dict):
        props = e.definition.get("properties", {})
        patterns = [re.compile(p) for p in e.definition.get("patternProperties", {})]
        extra = [k for k in v if k not in props and not any(p.search(k) for p in patterns)]
        known = ", ".join(props) if props else ""
        key = extra[0] if extra else None
        en = "unknown field" + (f" (known: {known})" if known else "")
        ru = "неизвестное поле" + (f" (известны: {known})" if known else "")
        return en, ru, _short_key(key) if key is not None else None
    return (f"the value does not fit ({e.message})", f"значение не подходит ({e.message})", None)


def field_name(path) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _short(value, n: int = 60) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value <= MAX_INT:
        return "a number of more than 20 digits"
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= n else text[:n - 1] + "…"


def _short_key(key) -> str:
    text = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 40 else text[:39] + "…"


def _too_big(source: str, size: int, limit: int) -> DataError:
    return DataError(source, "", f"too large: {size:,} bytes, at most {limit:,} are read",
                     f"слишком большой: {size:,} байт, читается не больше {limit:,}".replace(",", " "))
