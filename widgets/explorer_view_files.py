"""The explorer page's dice queue, scenario files and link (a mixin of `ExplorerApp`): examples,
save (text and a download link), load from text or an upload, «Copy link»."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from .app_parts import file_button, guarded
from .explorer_words import pair, t
from .share_link import CopyLink


class FilesPanel:
    """Builds, refreshes and answers the dice and files sections of the explorer page."""

    def _build_files(self, lay, narrow):
        c = self.controller
        # dice
        self.dice_title = W.HTML()
        faces = [(str(i), i) for i in range(1, 7)]
        self.white_die = W.Dropdown(options=faces, value=5, style={"description_width": "60px"}, layout=lay(width="125px"))
        self.black_die = W.Dropdown(options=[("—", 0)] + faces, value=2, style={"description_width": "60px"},
                                    layout=lay(width="125px"))
        self.add_dice_button = W.Button(layout=lay(width="auto"))
        self.clear_dice_button = W.Button(layout=lay(width="auto"))
        self.dice_html = W.HTML()
        # files
        self.files_title = W.HTML()
        self.example_dropdown = W.Dropdown(style=narrow, layout=lay(width="340px"))
        self.example_button = W.Button(layout=lay(width="auto"))
        self.save_button = W.Button(button_style="info", layout=lay(width="auto"))
        self.download_html = W.HTML()
        self.save_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="140px"))
        self.load_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="90px"))
        self.load_button = W.Button(layout=lay(width="auto"))
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False)
        self.link = CopyLink(lang=c.lang)
        self.link_title = W.HTML()
        for wdg, cls in ((self.example_dropdown, "explorer-example"), (self.save_area, "explorer-save-text"),
                         (self.load_area, "explorer-load-text"), (self.upload, "explorer-upload"),
                         (self.link, "explorer-link")):
            wdg.add_class(cls)
        self.add_dice_button.on_click(self._on_add_dice)
        self.clear_dice_button.on_click(self._on_clear_dice)
        self.example_button.on_click(self._on_example)
        self.save_button.on_click(self._on_save)
        self.load_button.on_click(self._on_load_text)
        self.upload.observe(self._on_upload, names="value")
        dice_box = W.VBox([self.dice_title,
                           W.HBox([self.white_die, self.black_die, self.add_dice_button, self.clear_dice_button],
                                  layout=lay(align_items="center", flex_flow="row wrap")),
                           self.dice_html])
        dice_box.add_class("explorer-section")
        dice_box.add_class("explorer-dice")
        files_box = W.VBox([self.files_title, self.link_title, self.link,
                            W.HBox([self.example_dropdown, self.example_button], layout=lay(align_items="center", flex_flow="row wrap")),
                            W.HBox([self.save_button, self.download_html], layout=lay(align_items="center", flex_flow="row wrap")),
                            self.save_area, self.load_area,
                            W.HBox([self.load_button, self.upload], layout=lay(align_items="center", flex_flow="row wrap"))])
        files_box.add_class("explorer-section")
        files_box.add_class("explorer-files")
        return dice_box, files_box

    def _refresh_dice(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.dice_title.value = f"<b>{t('dice_title', lang)}</b>"
        self.white_die.description = t("white", lang)
        self.black_die.description = t("black", lang)
        self.add_dice_button.description = t("add_roll", lang)
        self.clear_dice_button.description = t("clear_dice", lang)
        q = c.queued_dice()
        self.clear_dice_button.disabled = not q
        boxes = "".join(
            f"<span class='explorer-die' aria-label='{v}' style='display:inline-block;width:24px;height:24px;"
            f"line-height:24px;text-align:center;font-weight:bold;border:2px solid #222;border-radius:5px;"
            f"margin-right:4px'>{v}</span>" for v in q)
        line = t("dice_queue", lang, faces=" → ".join(map(str, q))) if q else t("dice_none", lang)
        self.dice_html.value = (f"<div class='explorer-dice-queue' style='font-size:13px'>{escape(line)}</div>"
                                + (f"<div>{boxes}</div>" if boxes else "")
                                + f"<div style='font-size:11px'>{escape(t('dice_note', lang))}</div>")

    def _refresh_files(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.files_title.value = f"<b>{t('files_title', lang)}</b>"
        names = c.examples()
        options = [(n, n) for n in names] or [(t("no_examples", lang), "")]
        keep = self.example_dropdown.value
        if list(self.example_dropdown.options) != options:
            self.example_dropdown.options = options
        values = [v for _l, v in options]
        self.example_dropdown.value = keep if keep in values else values[0]
        self.example_dropdown.description = t("examples", lang)
        self.example_button.description = t("load_example", lang)
        self.example_button.disabled = not names
        self.save_button.description = t("save", lang)
        self.load_area.placeholder = t("paste", lang)
        self.load_button.description = t("load_text", lang)
        file_button(self.upload, t("upload", lang))
        if self._saved_key is not None and self._saved_key != self._position_key():
            self._saved_key = None            # the saved text no longer shows the position
            self.save_area.value = ""
            self.download_html.value = ""
        elif self.download_html.value:
            self._fill_download(self.save_area.value)

    def _position_key(self) -> tuple:
        c = self.controller
        p = c.player
        return (c.version, c.mode, p.version if (p is not None and c.mode == "play") else None)

    def _fill_download(self, text: str) -> None:
        lang = self.controller.lang
        name = "berserk_scenario.json"
        self.download_html.value = (f"<a class='explorer-download' download='{name}' href='{self.controller.data_uri(text)}' "
                                    f"style='margin-left:8px'>{escape(t('download', lang, name=name))}</a>")

    def _refresh_link(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.link_title.value = f"<div style='font-size:12px'>{escape(t('link_note', lang))}</div>"
        self.link.set_lang(lang)
        key = self._position_key()
        if key != getattr(self, "_link_key", None):
            self._link_key = key
            self.link.code = c.share_code()

    @guarded
    def _on_add_dice(self, _b) -> None:
        faces = [self.white_die.value] + ([self.black_die.value] if self.black_die.value else [])
        self.controller.force_dice(*faces)
        self.refresh()

    @guarded
    def _on_clear_dice(self, _b) -> None:
        self.controller.clear_dice()
        self.refresh()

    @guarded
    def _on_example(self, _b) -> None:
        if self.example_dropdown.value:
            self.controller.load_example(self.example_dropdown.value)
            self.refresh()

    @guarded
    def _on_save(self, _b) -> None:
        c = self.controller
        text = c.save_text()
        self.save_area.value = text
        self._fill_download(text)
        c._say("done", "", *pair("saved"))
        self._saved_key = self._position_key()
        self.refresh()

    @guarded
    def _on_load_text(self, _b) -> None:
        self.controller.load_text(self.load_area.value, "<text>")
        self.refresh()

    @guarded
    def _on_upload(self, change) -> None:
        files = change["new"] or ()
        if not files:
            return
        f = files[-1]
        name = f.get("name", "<upload>") if isinstance(f, dict) else getattr(f, "name", "<upload>")
        content = f.get("content", b"") if isinstance(f, dict) else getattr(f, "content", b"")
        self.controller.load_upload(name, content)
        self.upload.value = ()        # so that the same file can be chosen again (after a fix)
        self.refresh()
