"""Positions in page addresses: read ``?pos=<code>`` of the page, and «Copy link».

    code = page_pos()                     # the page's ?pos= code (Voilà's QUERY_STRING), or None
    link = CopyLink(lang="ru")            # a button and a text field with the page's own address
    link.code = encode(scenario)          # the address becomes  <this page>?lang=ru&pos=<code>

The code itself is `berserk_kernel.core.share` (encode / decode, validated like a file). The
browser knows the page's address, Python does not: `CopyLink` builds the link in the page
(``location.origin + location.pathname``, the query replaced by ``lang`` and ``pos``), shows it in
a read-only text field (the fallback: select it and copy by hand) and on a click copies it to the
clipboard; the address it built comes back to Python as `url` (tests, notebooks).
"""
from __future__ import annotations

import os
from urllib.parse import parse_qs, urlencode

import anywidget
import traitlets

from .i18n import normal_lang, page_lang

WORDS = {
    "copy_link": ("Скопировать ссылку", "Copy link"),
    "copied": ("Ссылка скопирована — отправьте её: она откроет эту позицию.",
               "Link copied: send it, and it opens this position."),
    "copy_failed": ("Браузер не дал скопировать: выделите ссылку в поле и скопируйте её сами (Ctrl+C).",
                    "The browser did not allow copying: select the link in the field and copy it yourself (Ctrl+C)."),
    "link_label": ("Ссылка на позицию", "Link to the position"),
}


def word(key: str, lang: str) -> str:
    return WORDS[key][1 if lang == "en" else 0]


def page_query(name: str) -> str | None:
    """The last value of `name` in the page's query string (None when absent or empty)."""
    page_lang()      # a preheated Voilà kernel: waits once for the request (and its query string)
    values = parse_qs(os.environ.get("QUERY_STRING", "").lstrip("?")).get(name)
    return values[-1] if values and values[-1] else None


def page_pos() -> str | None:
    """The position code of the page's address (``?pos=...``), or None."""
    return page_query("pos")


def link_query(code: str, lang: str) -> str:
    """The query of a link to a position: ``lang=ru&pos=1eNq...``."""
    return urlencode({"lang": normal_lang(lang), "pos": code})


class CopyLink(anywidget.AnyWidget):
    """«Скопировать ссылку / Copy link»: a button, a read-only field with the link, a status line."""

    _esm = r"""
    function link(model) {
      const q = new URLSearchParams(window.location.search);
      q.set("lang", model.get("lang"));
      if (model.get("code")) q.set("pos", model.get("code")); else q.delete("pos");
      return window.location.origin + window.location.pathname + "?" + q.toString();
    }
    function render({ model, el }) {
      el.classList.add("copy-link");
      const row = document.createElement("div");
      row.style.cssText = "display:flex;flex-wrap:wrap;align-items:center;gap:6px";
      const button = document.createElement("button");
      button.className = "copy-link-button jupyter-button mod-info";
      const field = document.createElement("input");
      field.className = "copy-link-url";
      field.readOnly = true;
      field.style.cssText = "flex:1 1 260px;min-width:200px;font-size:12px;padding:3px";
      const status = document.createElement("div");
      status.className = "copy-link-status";
      status.setAttribute("role", "status");
      status.style.cssText = "font-size:12px;margin-top:2px";
      row.append(button, field);
      el.append(row, status);
      function update() {
        const url = link(model);
        field.value = url;
        field.setAttribute("aria-label", model.get("label"));
        button.textContent = model.get("button");
        if (model.get("url") !== url) { model.set("url", url); model.save_changes(); }
      }
      function say(text) { status.textContent = text; }
      button.addEventListener("click", async () => {
        update();
        field.select();
        try {
          await navigator.clipboard.writeText(field.value);
          say(model.get("copied"));
          el.dataset.copied = "true";
        } catch (e) {
          let ok = false;
          try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
          say(ok ? model.get("copied") : model.get("failed"));
          el.dataset.copied = ok ? "true" : "false";
        }
      });
      model.on("change:code", () => { update(); say(""); });
      model.on("change:lang", () => { update(); say(""); });
      model.on("change:button", update);
      update();
    }
    export default { render };
    """
    code = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    button = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    copied = traitlets.Unicode("").tag(sync=True)
    failed = traitlets.Unicode("").tag(sync=True)
    url = traitlets.Unicode("").tag(sync=True)      # set by the page: the link it built

    def __init__(self, lang: str = "ru", **kwargs):
        super().__init__(**kwargs)
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        lang = normal_lang(lang)
        self.lang = lang
        self.button, self.label = word("copy_link", lang), word("link_label", lang)
        self.copied, self.failed = word("copied", lang), word("copy_failed", lang)
