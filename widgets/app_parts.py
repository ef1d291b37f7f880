"""Small parts of the app frame: callbacks that never raise into the page, a pool of reusable
buttons, the hover bridge (which button the pointer is over: buttons cannot say so themselves),
the HTML of the status and message lines, and the frame's CSS (the class `hint-button`: the one look
of a «Hint» button, an outlined secondary button, in the lessons and the games)."""
from __future__ import annotations

import functools
from html import escape


def guarded(method):
    """Widget callbacks never raise into the page: the error goes to the message area."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            self.show_exception(exc)
            return None

    return wrapper


class ErrorShown:
    """What every board page does with an error and a click on its board (written once for the
    apps and the explorer): the error in its message area (`message_html`, with the class
    `MESSAGE_CLASS`) kept in `errors`; a click goes to the controller, then the page refreshes."""

    MESSAGE_CLASS = "app-message"

    def show_exception(self, exc: Exception) -> None:
        text = f"{type(exc).__name__}: {exc}"
        self.errors.append(text)
        self.message_html.value = f"<div class='{self.MESSAGE_CLASS}' role='alert'>⚠ {escape(text)}</div>"

    @guarded
    def _on_click(self, tag) -> None:
        self.controller.click(tag)
        self.refresh()


class ButtonPool:
    """Reuses Button widgets by (label, key), so a refresh does not create new widgets each time.

    With a `hover` (a `HoverBridge`), every button carries the bridge's CSS classes, so pointing
    at it in the browser tells Python which `key` it stands for (`hover.token_keys[token]`)."""

    def __init__(self, on_click, style: str = "", width: str = "auto", hover=None, name: str = "b"):
        self._pool: dict = {}
        self.on_click = on_click
        self.style = style
        self.width = width
        self.hover = hover
        self.name = name
        self._n = 0
        self._tokens: dict = {}

    def get(self, label: str, key, tooltip: str = "", disabled: bool = False, style: str | None = None):
        import ipywidgets as W
        b = self._pool.get((label, key))
        if b is None:
            b = W.Button(description=label, layout=W.Layout(width=self.width, max_width="100%"))
            b.on_click(lambda _b, k=key: self.on_click(k))
            if self.hover is not None:
                self._n += 1
                token = f"{self.name}{self._n}"
                self.hover.token_keys[token] = key
                self._tokens[(label, key)] = token
                b.add_class(self.hover.prefix)
                b.add_class(f"{self.hover.prefix}-{token}")
            self._pool[(label, key)] = b
            if len(self._pool) > 400:   # keep the pool small over a long game
                items = list(self._pool.items())
                for k, _b in items[:-200]:
                    token = self._tokens.pop(k, None)
                    if token is not None and self.hover is not None:
                        self.hover.token_keys.pop(token, None)
                self._pool = dict(items[-200:])
        b.tooltip = tooltip
        b.disabled = disabled
        b.button_style = self.style if style is None else style
        return b


_HOVER_ESM = r"""
// While the pointer is over an app's main row (the board and the side column), the side column
// does not get shorter: pointing at a card shows it in the card panel, and a shorter column at
// the bottom of a scrolled page would scroll the page, move another button or card under the
// pointer, show that one, and so on (the page shook; a click went to no button).
function holder() {
  let held = null, watcher = null;
  const raise = () => {
    const cs = getComputedStyle(held);
    const extra = cs.boxSizing === "border-box" ? 0 :
      ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"].reduce((a, k) => a + (parseFloat(cs[k]) || 0), 0);
    const h = held.getBoundingClientRect().height - extra;
    if (h > (parseFloat(held.style.minHeight) || 0) + 0.5) held.style.minHeight = h + "px";
  };
  const release = () => {
    if (watcher) watcher.disconnect();
    if (held) held.style.minHeight = "";
    held = null; watcher = null;
  };
  const hold = (side) => {
    if (side === held) return;
    release();
    held = side;
    raise();
    if (window.ResizeObserver) { watcher = new ResizeObserver(() => held && raise()); watcher.observe(side); }
  };
  return { hold, release };
}

function render({ model, el }) {
  const prefix = model.get("prefix");
  const side = holder();
  const handler = (e) => {
    const main = e.target && e.target.closest ? e.target.closest(".app-main") : null;
    const column = main ? main.querySelector(".app-side") : null;
    if (column) side.hold(column); else side.release();
    const t = e.target && e.target.closest ? e.target.closest("." + prefix) : null;
    let key = "";
    if (t) { for (const c of t.classList) { if (c.startsWith(prefix + "-")) key = c.slice(prefix.length + 1); } }
    if (key !== model.get("hovered")) { model.set("hovered", key); model.save_changes(); }
  };
  document.addEventListener("mouseover", handler);
  return () => { document.removeEventListener("mouseover", handler); side.release(); };
}
export default { render };
"""


def hover_bridge(prefix: str, on_hover):
    """A widget that draws nothing and reports which button of `prefix` the pointer is over
    (`on_hover(key or None)`): buttons cannot say so themselves. None when anywidget is missing."""
    try:
        import anywidget
        import traitlets
    except ImportError:  # pragma: no cover
        return None

    class HoverBridge(anywidget.AnyWidget):
        _esm = _HOVER_ESM
        prefix = traitlets.Unicode("").tag(sync=True)
        hovered = traitlets.Unicode("").tag(sync=True)

    bridge = HoverBridge(prefix=prefix)
    bridge.token_keys = {}
    bridge.observe(lambda ch: on_hover(bridge.token_keys.get(ch["new"])), names="hovered")
    return bridge


def message_html(m: Message | None, lang: str, css: str = "app-message") -> str:
    """The kernel's or the app's last message as a coloured line; `css` names its div's class."""
    if m is None:
        return f"<div class='{css}'></div>"
    border = {"illegal": "#D55E00", "error": "#D55E00", "done": "#009E73"}.get(m.kind, "#999999")
    mark = {"illegal": "✕ ", "error": "⚠ ", "done": "✓ "}.get(m.kind, "")
    return (f"<div class='{css}' role='alert' style='padding:4px 6px;border-left:6px solid {border};"
            f"background:#FAF7F0;font-size:13px'>{mark}{escape(m.text(lang))}</div>")


def status_html(text: str, reason: str = "", colour: str | None = None) -> str:
    """The status line; `reason` (why the game is over) a plain line under it; `colour` the colour
    of the seat to decide (core.scene.SEAT_COLOURS) on its left edge, else the neutral blue."""
    why = (f"<div class='app-end-reason' style='font-size:13px;padding:2px 6px 4px 12px;background:#F0F6FB'>"
           f"{escape(reason)}</div>") if reason else ""
    return (f"<div class='app-status' role='status' style='font-size:15px;font-weight:bold;padding:4px 6px;"
            f"border-left:6px solid {colour or '#0072B2'};background:#F0F6FB'>{escape(text)}</div>{why}")


# A FileUpload button writes "label (n)" (n files chosen) into itself; the class `file-open`
# shows only the label, taken from the button's title (its tooltip): see `file_button`.
UPLOAD_CSS = """
.jupyter-widgets.widget-upload.file-open { font-size: 0; }
.jupyter-widgets.widget-upload.file-open::after { content: attr(title); font-size: 13px; }
.jupyter-widgets.widget-upload.file-open i { font-size: 13px; margin-right: 6px; }
"""


def file_button(upload, text: str) -> None:
    """Label a FileUpload `text` without its file counter ("Open file… (0)" reads as an error)."""
    upload.add_class("file-open")
    upload.description = text
    upload.tooltip = text


APP_CSS = """<style>
.app-list button.widget-button { text-align: left; justify-content: flex-start; font-size: 12px;
  padding: 3px 6px; flex: 0 0 auto; min-height: 26px; height: auto; white-space: normal; line-height: 1.3;
  overflow: visible; text-overflow: clip; }
.app-list button.widget-button i { display: none; }
.app-list button.widget-button:disabled { opacity: 0.55; }
.app-list button.app-cannot { opacity: 0.6; background: #f3f3f3; }
.app-side { font-size: 13px; }
.jupyter-button.widget-button.hint-button { background: #FFFFFF; color: #005A8C; box-shadow: inset 0 0 0 2px #0072B2;
  font-weight: 600; border-radius: 4px; }
.jupyter-button.widget-button.hint-button:hover:enabled { background: #EEF5FB; }
.jupyter-button.widget-button.hint-button:disabled { box-shadow: inset 0 0 0 2px #9DB8CC; color: #6B8597; }
.app-side .widget-html-content, .app-board .widget-html-content, .app-folds .widget-html-content,
.app-setup .widget-html-content { line-height: 1.35; }
.app-side .widget-html, .app-board .widget-html { margin-top: 1px; margin-bottom: 1px; }
""" + UPLOAD_CSS + "</style>"
