"""The explorer's scenario files and links (a mixin of `ExplorerController`): save, load from text,
an upload or an example, and the kernel's refusals told with the field and the card they name."""
from __future__ import annotations

import base64
import copy
import json
import re

from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.loading import parse_text

from .controller_base import Message
from .explorer_words import pair, ru_schema, rule_in, src_name, t

MAX_FILE_BYTES = 2_000_000


class FilesMixin:
    """Save, load, examples; the messages of a refused file or edit."""

    def save_dict(self) -> dict:
        """The scenario of the position shown: the editor's, or the game's while playing (with
        its log and actions)."""
        if self.mode == "play" and self.player is not None:
            d = self.player.state.to_dict()
            if self.data.get("description") is not None:
                d["description"] = self.data["description"]
            return d
        return copy.deepcopy(self.data)

    def save_text(self) -> str:
        return json.dumps(self.save_dict(), ensure_ascii=False, indent=1) + "\n"

    def data_uri(self, text: str | None = None) -> str:
        text = self.save_text() if text is None else text
        return "data:application/json;charset=utf-8;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")

    def load_text(self, text, source: str = "<text>") -> bool:
        """Load a scenario from JSON text (a paste, an upload, an example). A bad one leaves
        the position as it was and says what is wrong: the field and the kernel's text."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            raw = bytes(text)
            if len(raw) > MAX_FILE_BYTES:
                return self._load_failed(source, *pair("too_big", n=MAX_FILE_BYTES))
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                return self._load_failed(source, *pair("not_utf8"))
        text = str(text or "")
        if len(text) > MAX_FILE_BYTES:          # before any parsing: a huge paste is refused at once
            return self._load_failed(source, *pair("too_big_text", n=MAX_FILE_BYTES))
        if not text.strip():
            return self._load_failed(source, *pair("empty_text"))
        data = None
        try:
            data = parse_text(text, source)
            if isinstance(data, dict) and "actions" in data and "cards" not in data:
                raise DataError(source, "", t("is_record", "en"), t("is_record", "ru"))
        except DataError as e:
            self._data_error(e, data, "load_refused", source)
            return False
        except Exception as e:  # noqa: BLE001 - a malformed file must not break the page
            kind = type(e).__name__.replace("Error", "")
            return self._load_failed(source, *pair("unexpected", kind=kind, text=str(e)[:200]))
        return self._load_data(data, source)

    def share_code(self) -> str:
        """The position shown as a link code (`berserk_kernel.core.share.encode`): the editor's,
        or the game's while playing; the game's log and list of actions stay out of a link."""
        data = self.save_dict()
        data.pop("log", None)
        data.pop("actions", None)
        return share.encode(data)

    def load_code(self, code, source: str = "<link>") -> bool:
        """Open the position of a link code (``?pos=...``, or a whole address). A bad code leaves
        the position as it was and says what is wrong, naming `source` and the field."""
        try:
            data = share.decode(code, source)
        except DataError as e:
            self._data_error(e, None, "load_refused", source)
            return False
        except Exception as e:  # noqa: BLE001 - a damaged link must not break the page
            kind = type(e).__name__.replace("Error", "")
            return self._load_failed(source, *pair("unexpected", kind=kind, text=str(e)[:200]))
        if data.get("game", "berserk") != "berserk":
            return self._load_failed(source, *pair("other_game", game=str(data.get("game"))))
        return self._load_data(data, source)

    def _load_data(self, data, source: str) -> bool:
        try:
            st = self._build(copy.deepcopy(data), source)
        except DataError as e:
            self._data_error(e, data, "load_refused", source)
            return False
        except Exception as e:  # noqa: BLE001 - a malformed file must not break the page
            kind = type(e).__name__.replace("Error", "")
            return self._load_failed(source, *pair("unexpected", kind=kind, text=str(e)[:200]))
        if self.mode == "play":
            self.mode = "edit"
        self._push_undo()
        self._set(st, data.get("description") if isinstance(data, dict) else None)
        self.selected = None
        n = len(self.in_play())
        if source == "<link>":
            self._say("done", "", *pair("loaded_link", n=n))
        else:
            self._say("done", "", t("loaded", "ru", source=src_name(source, "ru"), n=n),
                      t("loaded", "en", source=src_name(source, "en"), n=n))
        return True

    def load_upload(self, name: str, content) -> bool:
        """A file from a FileUpload widget (`content` bytes or a memoryview)."""
        return self.load_text(bytes(content), str(name or "<upload>"))

    def examples(self) -> list[str]:
        d = self._examples_dir
        return sorted(p.name for p in d.glob("*.json")) if d is not None and d.is_dir() else []

    def load_example(self, name: str) -> bool:
        if name not in self.examples():        # the page may send any value
            self._say("illegal", "", *pair("no_example", name=name))
            return False
        path = self._examples_dir / name
        return self.load_text(path.read_bytes(), f"examples/scenarios/{name}")


    def _card_ref(self, field: str, data) -> tuple[str, str]:
        """" (#3 «Орёл перевалов»)" for a field such as cards[2].wounds or cards[#3].host."""
        m = re.match(r"cards\[(#?)(\d+)\]", field or "")
        if not m or not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            return "", ""
        n = int(m.group(2))
        cd = None
        if m.group(1):
            cd = next((c for c in data["cards"] if isinstance(c, dict) and c.get("uid") == n), None)
        elif n < len(data["cards"]):
            cd = data["cards"][n]
        if not isinstance(cd, dict) or not isinstance(cd.get("card"), str):
            return "", ""
        uid = f"#{cd['uid']} " if isinstance(cd.get("uid"), int) else ""
        if cd["card"] in self.defs:
            return f" ({uid}«{self.name(cd['card'], 'ru')}»)", f" ({uid}{self.name(cd['card'], 'en')})"
        return f" ({uid}{cd['card']})", f" ({uid}{cd['card']})"

    def _data_error(self, e: DataError, data, prefix: str, source: str | None = None) -> Message:
        ref_ru, ref_en = self._card_ref(e.field, data)
        ru_text = ru_schema(e.ru) if e.ru == e.en else e.ru
        src = source or e.source
        head_ru, head_en = (t(prefix, "ru", source=src_name(src, "ru")), t(prefix, "en", source=src_name(src, "en")))
        if e.field and prefix == "edit_refused" and ref_ru:   # an edit on the page: the card, not a data path
            ru = f"{head_ru}: {ref_ru.strip()[1:-1]} — {ru_text}"
            en = f"{head_en}: {ref_en.strip()[1:-1]} — {e.en}"
        elif e.field:
            ru = f"{head_ru}: {t('field', 'ru', field=e.field)}{ref_ru} — {ru_text}"
            en = f"{head_en}: {t('field', 'en', field=e.field)}{ref_en} — {e.en}"
        else:
            ru, en = f"{head_ru}: {ru_text}", f"{head_en}: {e.en}"
        return self._say("error" if prefix == "load_refused" else "illegal", rule_in(e.en), ru, en)

    def _load_failed(self, source: str, ru: str, en: str) -> bool:
        head_ru, head_en = t("load_refused", "ru", source=src_name(source, "ru")), t("load_refused", "en", source=src_name(source, "en"))
        self._say("error", "", f"{head_ru}: {ru}", f"{head_en}: {en}")
        return False
