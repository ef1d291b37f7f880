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
from .i18n import T
from .messages import catalog

M = catalog("berserk_kernel.core")

MAX_BYTES = 2_000_000        # a file, paste or upload: records of 100,000 actions fit
MAX_DEPTH = 32               # nesting of objects and lists (our formats use 8 at most)
MAX_INT = 2 ** 64            # the dice state is the largest number in a file
MAX_DIGITS = 20
MAX_TEXT = 10_000            # characters in one string of a game file


class _Refused(Exception):
    def __init__(self, field: str, en: str, ru: str):
        super().__init__(en)
        self.field, self.en, self.ru = field, en, ru


def _error(source: str, field: str, msg: str, **kw) -> DataError:
    """A `DataError` with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    return DataError(source, field, m.en, m.ru)


def _refused(field, msg: str, **kw) -> _Refused:
    m = M(msg, **kw)
    return _Refused(field, m.en, m.ru)


# --- reading files -------------------------------------------------------------------------------
def read_bytes(path, max_bytes: int = MAX_BYTES) -> tuple[bytes, str]:
    """The bytes of a regular file of at most `max_bytes`; anything else is a `DataError`."""
    if not isinstance(path, (str, os.PathLike)):
        raise _error("<data>", "", "not_a_file_name", got=_short(path))
    source = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise _error(source, "", "cannot_read", reason=reason) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _error(source, "", "not_regular_file")
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
        raise _error(source, "", "utf16")
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        byte = raw[e.start]
        raise _error(source, "", "not_utf8", byte=f"0x{byte:02x}", pos=e.start) from None


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
        raise _error(source, "", "expected_text", fmt=fmt, got=_short(text))
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise _too_big(source, len(text.encode("utf-8", "surrogatepass")), max_bytes)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _error(source, "", "lone_surrogate_text", pos=e.start) from None
    deep = _too_deep(text, toml)
    if deep is not None:
        raise _error(source, "", "too_deep_at", fmt=fmt, depth=MAX_DEPTH, pos=deep)
    try:
        if toml:
            data = tomllib.loads(text, parse_float=_float)
        else:
            data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_constant=_constant,
                              parse_float=_float)
    except _Refused as e:
        raise DataError(source, e.field or _number_key(text), e.en, e.ru) from None
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise _error(source, "", "not_valid", fmt=fmt, reason=str(e)) from None
    except (ValueError, RecursionError, MemoryError) as e:   # tomllib's int() of a huge number
        if "digits" in str(e):
            raise _error(source, _number_key(text), "more_digits_than", n=MAX_DIGITS) from None
        reason = str(e)[:120]
        raise _error(source, "", "not_valid", fmt=fmt, reason=reason) from None
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
            raise _refused(_short_key(key), "duplicate_key", dup=_short(key))
        out[key] = value
    return out


def _int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_DIGITS:
        raise _refused("", "too_many_digits", n=len(s.lstrip("-")), max=MAX_DIGITS)
    return int(s)


def _float(s: str) -> float:
    if len(s) > 40:
        raise _refused("", "number_too_long", n=len(s))
    value = float(s)
    if value != value or value in (float("inf"), float("-inf")):
        raise _refused("", "not_finite", text=s[:40])
    return value


def _constant(s: str):
    raise _refused("", "not_json_number", text=s)


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
                raise _refused(path, "nested_deeper", depth=MAX_DEPTH)
            for k, v in value.items():
                if not isinstance(k, str):
                    raise _refused(path, "key_not_text", got=_short(k))
                _check_text(k, source, path + (k,))
                todo.append((v, path + (k,), depth + 1))
        elif isinstance(value, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise _refused(path, "nested_deeper", depth=MAX_DEPTH)
            todo.extend((v, path + (i,), depth + 1) for i, v in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, source, path)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                raise _refused(path, "number_too_large", n=MAX_DIGITS)
        elif isinstance(value, float):
            if not floats:
                raise _refused(path, "expected_whole", got=_short(value))
        else:
            raise _refused(path, "not_json_value", type=type(value).__name__)


def _check_text(s: str, source: str, path) -> None:
    if len(s) > MAX_TEXT:
        raise _refused(path, "text_too_long", n=MAX_TEXT)
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _refused(path, "lone_surrogate", pos=e.start)


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


def _type_words(t) -> T:
    ts = t if isinstance(t, list) else [t]
    words = [M(f"type_{x}") if f"type_{x}" in M.messages else T(x, x) for x in ts]
    sep = M("or")
    return T(sep.ru.join(w.ru for w in words), sep.en.join(w.en for w in words))


# schema keywords whose message names the keyword's number or pattern `d`
_SIMPLE = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
           "minItems", "maxItems", "maxProperties", "uniqueItems", "pattern")


def schema_message(e) -> tuple[str, str, object]:
    """(en, ru, extra key) for a fastjsonschema refusal; extra is a field to add to the path."""
    rule, d, v = e.rule, e.rule_definition, e.value
    got = M("got", got=_short(v))
    if rule == "type":
        m = M("expected_type", types=_type_words(d), got=got)
        return m.en, m.ru, None
    if rule in ("enum", "const"):
        allowed = ", ".join(_short(x) for x in (d if rule == "enum" else [d]))
        m = M("one_of", allowed=allowed, got=got)
        return m.en, m.ru, None
    if rule in _SIMPLE:
        m = M(rule, d=d)
        if rule in ("maxItems", "maxProperties", "uniqueItems"):
            return m.en, m.ru, None
        return f"{m.en}; {got.en}", f"{m.ru}; {got.ru}", None
    if rule == "required" and isinstance(v, dict):
        missing = [k for k in d if k not in v]
        m = M("missing_field", name=repr(missing[0] if missing else "?"))
        return m.en, m.ru, None
    if rule == "additionalProperties" and isinstance(v, dict):
        props = e.definition.get("properties", {})
        patterns = [re.compile(p) for p in e.definition.get("patternProperties", {})]
        extra = [k for k in v if k not in props and not any(p.search(k) for p in patterns)]
        m = M("unknown_field_known", known=", ".join(props)) if props else M("unknown_field")
        key = extra[0] if extra else None
        return m.en, m.ru, _short_key(key) if key is not None else None
    m = M("does_not_fit", message=e.message)
    return m.en, m.ru, None


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
    return _error(source, "", "too_big", size=size, shown=T(f"{size:,}".replace(",", " "), f"{size:,}"),
                  limit=T(f"{limit:,}".replace(",", " "), f"{limit:,}"))
