"""The student's progress, kept in the BROWSER (localStorage), never on the server.

    store = ProgressStore()                  # display it (it draws nothing) next to the page
    store.on_loaded(lambda data: ...)        # the browser's copy arrives after the page connects
    store.record("01_field_and_zones", {"done": False, "stages": {"row1": {...}}})

The stored JSON, under the key "berserk-notebooks:progress":
    {"lessons": {id: {"done": bool, "stages": {stage_id: {"done": true, "mistakes": n, "hints": n}}}}}
When the notebook runs, the value is still empty: the browser's copy arrives only after the page
connects, so readers react when `loaded` turns true (see /work/shared/notes/voila-teaching-ux.md).
"""
from __future__ import annotations

import json
import traceback

import anywidget
import traitlets

KEY = "berserk-notebooks:progress"


def empty() -> dict:
    return {"lessons": {}}


def parse(text: str) -> dict:
    """The stored JSON, or an empty progress if it is missing or not what we wrote."""
    try:
        data = json.loads(text) if text else empty()
    except ValueError:
        return empty()
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), dict):
        return empty()
    lessons = {}
    for lid, entry in data["lessons"].items():
        if isinstance(entry, dict) and isinstance(entry.get("stages", {}), dict):
            stages = {sid: s for sid, s in entry.get("stages", {}).items() if isinstance(s, dict)}
            lessons[str(lid)] = {"done": bool(entry.get("done")), "stages": stages}
    return {"lessons": lessons}


def merge(data: dict, lesson_id: str, entry: dict) -> dict:
    """`data` with a lesson's newer entry: a lesson or stage once done stays done; a stage done
    again takes the newer score."""
    out = parse(json.dumps(data))
    old = out["lessons"].get(lesson_id, {"done": False, "stages": {}})
    stages = dict(old["stages"])
    for sid, s in entry.get("stages", {}).items():
        if s.get("done"):
            stages[sid] = {"done": True, "mistakes": int(s.get("mistakes", 0)), "hints": int(s.get("hints", 0))}
    out["lessons"][lesson_id] = {"done": bool(old["done"] or entry.get("done")), "stages": stages}
    return out


class ProgressStore(anywidget.AnyWidget):
    """A widget that draws nothing and mirrors `value` to the browser's localStorage."""

    # The browser's copy is read when the widget is first SHOWN (render), not when its model is
    # created: by then the notebook's cell has run and Python listens for it.
    _esm = r"""
    function load(model) {
      if (model.get("loaded")) return;
      const k = model.get("key");
      let saved = null;
      try { saved = window.localStorage.getItem(k); } catch (e) { saved = null; }
      if (saved !== null) model.set("value", saved);   // the browser's copy wins at page load
      model.set("loaded", true);
      model.save_changes();
    }
    function initialize({ model }) {
      model.on("change:value", () => {
        if (!model.get("loaded")) return;
        try { window.localStorage.setItem(model.get("key"), model.get("value")); } catch (e) {}
      });
    }
    function render({ model, el }) {
      el.classList.add("progress-store");
      setTimeout(() => { load(model); el.dataset.loaded = "true"; }, 0);
      model.on("change:error", () => { el.dataset.error = model.get("error"); });
    }
    export default { initialize, render };
    """
    key = traitlets.Unicode(KEY).tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pending: list = []
        self._loaded_callbacks: list = []
        self.observe(self._on_loaded, names=["loaded"])

    @property
    def data(self) -> dict:
        return parse(self.value)

    def on_loaded(self, callback) -> None:
        """Call `callback(data)` once the browser's copy is here (and again on every change)."""
        self._loaded_callbacks.append(callback)
        self.observe(lambda _ch: callback(self.data) if self.loaded else None, names=["value"])
        if self.loaded:
            callback(self.data)

    def record(self, lesson_id: str, entry: dict) -> None:
        """Save a lesson's entry (merged into what the browser holds). Before the browser's copy
        has arrived, the entry waits, so it cannot overwrite the stored progress."""
        if not self.loaded:
            self._pending.append((lesson_id, entry))
            return
        self.value = json.dumps(merge(self.data, lesson_id, entry), ensure_ascii=False, sort_keys=True)

    def _on_loaded(self, change) -> None:
        if not change["new"]:
            return
        pending, self._pending = self._pending, []
        for lesson_id, entry in pending:
            self.record(lesson_id, entry)
        for callback in list(self._loaded_callbacks):
            try:
                callback(self.data)
            except Exception:  # noqa: BLE001 - shown in the page's DOM (data-error), never raised
                self.error = traceback.format_exc()
