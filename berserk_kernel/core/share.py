"""Positions in a link: a scenario as a short, URL-safe, versioned code (docs/scenarios.md, "Links").

    code = encode(state.to_dict())        # "1eNqr..." : fits in ?pos=... of a page address
    data = decode(code)                    # the scenario dict, checked like a file

A code is the version digit ``1`` followed by the scenario's canonical JSON (sorted keys, no
spaces, UTF-8), compressed with zlib and written in base64url without ``=`` padding, so it
needs no escaping in an address. `decode` is the gate for text from outside: it bounds the
code's length (`MAX_CODE`) and the unpacked size (`MAX_UNPACKED`, checked while unpacking, so a
"zip bomb" is refused after reading at most that much), parses the JSON as strictly as a file
(`core.loading.parse_text`), then hands the table to the scenario loader of its game, which
validates every field. Every refusal is a `DataError` naming the source (``"<link>"`` unless
told) and the field: ``code`` for the code itself, the scenario's own field names after that.

`core` never imports a game: each game registers its scenario loader here (`register`) when
its package is imported; `decode` imports the package of a game it knows by name
(``berserk``, ``city``) if that has not happened yet.
"""
from __future__ import annotations

import base64
import binascii
import importlib
import json
import re
import zlib
from typing import Callable

from .errors import DataError
from .loading import MAX_BYTES, check_plain, decode as decode_utf8, parse_text
from .messages import catalog

M = catalog("berserk_kernel.core")

VERSION = "1"
MAX_CODE = 200_000          # characters of a code (browsers take addresses of 2 MB; ours stay far below)
MAX_UNPACKED = MAX_BYTES    # bytes of JSON a code may unpack to: the limit of a file
GAMES = ("berserk", "city")
_CODE = re.compile(r"[A-Za-z0-9_-]*", re.ASCII)
_LOADERS: dict[str, Callable] = {}


def register(game: str, loader: Callable) -> None:
    """Let `decode` check the scenarios of `game` with ``loader(data, source) -> state``."""
    _LOADERS[game] = loader


def encode(data, *, history: bool = True) -> str:
    """The code of a scenario dict (as written by ``state.to_dict()`` or by hand) or of a state.

    ``history=False`` leaves out the ``log`` and the ``actions`` played so far: the same position in
    a much shorter code (about a fifth for a game in battle), whose state hash differs from the
    original's only by that history."""
    if hasattr(data, "to_dict") and not isinstance(data, dict):
        data = data.to_dict()
    if isinstance(data, dict) and not history:
        data = {k: v for k, v in data.items() if k not in ("log", "actions")}
    if not isinstance(data, dict):
        raise DataError.of("<scenario>", "", M("scenario_not_table", got=type(data).__name__))
    check_plain(data, "<scenario>")
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text, source: str = "<link>") -> dict:
    """The scenario dict of a code, validated by its game's scenario loader."""
    data, _ = _unpack(text, source)
    return data


def load(text, source: str = "<link>"):
    """The position (a game state) a code describes."""
    _, state = _unpack(text, source)
    return state


def _unpack(text, source: str):
    def bad(msg, **kw):
        raise DataError.of(source, "code", M(msg, **kw))

    if not isinstance(text, str):
        bad("code_not_text", got=type(text).__name__)
    if len(text) > MAX_CODE:
        bad("code_too_long", n=len(text), max=MAX_CODE)
    code = text.strip()
    if "pos=" in code:                     # a whole address: take its ?pos= value
        code = code.split("pos=", 1)[1].split("&", 1)[0].split("#", 1)[0]
    if not code:
        bad("code_empty")
    if code[0] != VERSION:
        bad("code_version", got=code[0], version=VERSION)
    body = code[1:]
    if not _CODE.fullmatch(body):
        pos = next(i for i, ch in enumerate(body) if not _CODE.fullmatch(ch)) + 1
        bad("code_bad_char", pos=pos, char=body[pos - 1])
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        bad("code_base64")
    raw = _inflate(packed, bad)
    data = parse_text(decode_utf8(raw, source), source, max_bytes=MAX_UNPACKED)
    if not isinstance(data, dict):
        raise DataError.of(source, "", M("code_scenario_not_object"))
    game = data.get("game", "berserk")
    loader = _loader(game)
    if loader is None:
        raise DataError.of(source, "game", M("code_unknown_game", game=str(game)[:40], known=", ".join(GAMES)))
    return data, loader(data, source)


def _inflate(packed: bytes, bad) -> bytes:
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_UNPACKED + 1)
    except zlib.error:
        bad("code_no_unpack")
    if len(raw) > MAX_UNPACKED or unpacker.unconsumed_tail:
        bad("code_unpacks_too_big", max=MAX_UNPACKED)
    if not unpacker.eof:
        bad("code_cut_short")
    if unpacker.unused_data:
        bad("code_extra")
    return raw


def _loader(game):
    if game not in GAMES:
        return None
    if game not in _LOADERS:   # the game's package registers its loader when imported
        importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.{game}")
    return _LOADERS.get(game)
