"""Every outcome at a glance: a table of the decision on the board, one row per legal action, with
its exact outcome distribution as a small chart, sortable by the expected value of a metric, and
«Сыграть / Play it» on every row.

    panel = OutcomesPanel(controller)        # a BerserkController or a CityController
    panel.sort_by("dealt"); panel.play(0)    # play the first row (through the controller)

The numbers are the kernel's (berserk_kernel.berserk.outcomes / city.outcomes: every die face
played on a copy); this module only lays them out in the page's language.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from berserk_kernel.berserk import outcomes as berserk_outcomes
from berserk_kernel.city import outcomes as city_outcomes

GAMES = {"berserk": berserk_outcomes, "city": city_outcomes}
ORDER = "order"                      # the sort key that keeps the kernel's order
ROWS_SHOWN = 60                      # a decision with more actions shows the first ones sorted
BIG = 150                            # a decision this big is worked out on request (seconds)
TONES = {"win": "#E69F00", "good": "#009E73", "even": "#9AA5B1", "bad": "#D55E00", "loss": "#7A1F00"}
WORDS = {
    "title": ("Все исходы хода", "Every outcome at a glance"),
    "sort_by": ("Сортировать по", "Sort by"),
    "order": ("порядку ядра", "the kernel's order"),
    "high_first": ("сначала больше", "highest first"),
    "low_first": ("сначала меньше", "lowest first"),
    "play": ("Сыграть", "Play it"),
    "play_tip": ("Сыграть это действие на доске", "Play this action on the board"),
    "average": ("в среднем", "on average"),
    "certain": ("наверняка", "for certain"),
    "more": ("и ещё исходов: {n}", "and {n} more outcomes"),
    "rows_more": ("Показаны первые {shown} из {n} действий.", "The first {shown} of {n} actions are shown."),
    "over": ("Решать нечего: партия окончена.", "Nothing to decide: the game is over."),
    "who": ("Решает {who}. Исходы посчитаны для него; вероятности точные: ядро разыграло каждую грань кубика.",
            "{who} decides. The outcomes are counted for them; the odds are exact: the kernel played every die face."),
    "failed": ("Исходы этого решения посчитать не удалось: {why}", "The outcomes of this decision could not be worked out: {why}"),
    "nothing": ("ничего", "nothing"),
    "big": ("В этом решении {n} действий: подсчёт займёт несколько секунд.",
            "This decision has {n} actions: working them out takes a few seconds."),
    "work_out": ("Посчитать", "Work them out"),
    "legend": ("Цвета полосы: {good} хорошо для решающего, {bad} плохо, {even} ничего не меняет, {win} победа. "
               "Наведите на полосу — появится исход и его вероятность.",
               "Bar colours: {good} good for the one who decides, {bad} bad, {even} changes nothing, {win} victory. "
               "Point at a bar to see each outcome and its chance."),
}


def _w(key: str, lang: str, **kw) -> str:
    text = WORDS[key][1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def pct(p, lang: str = "ru") -> str:
    """A probability in per cent with one decimal at most: 50%, 33.3% (33,3% in Russian)."""
    text = f"{float(p) * 100:.1f}".rstrip("0").rstrip(".") + "%"
    return text.replace(".", ",") if lang == "ru" else text


def number(x: float, lang: str) -> str:
    """1.5 -> «1,5» in Russian; whole numbers without decimals; two decimals at most."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "ru" else text


def distribution_svg(distribution, lang: str = "ru", width: int = 170, height: int = 14) -> str:
    """One stacked bar: a segment per outcome, as wide as its probability, coloured by how it
    goes for the player who decides; each segment names its outcome when pointed at."""
    out = [f"<svg class='app-outcome-bar' width='{width}' height='{height}' viewBox='0 0 {width} {height}' role='img' "
           f"aria-label='{escape(distribution_text(distribution, lang, 3))}'>"]
    x = 0.0
    for outcome, p in distribution:
        wd = float(p) * width
        out.append(f"<rect x='{x:.2f}' y='0' width='{max(wd, 0.5):.2f}' height='{height}' fill='{TONES[outcome.tone()]}' "
                   f"stroke='#FFFFFF' stroke-width='0.6'><title>{escape(pct(p, lang))}: {escape(outcome.text(lang))}</title></rect>")
        x += wd
    out.append("</svg>")
    return "".join(out)


def distribution_text(distribution, lang: str = "ru", top: int = 3) -> str:
    """The most likely outcomes in words: «50%: нанесено ран: 1; 33,3%: …»."""
    if len(distribution) == 1:
        return f"{_w('certain', lang)}: {distribution[0][0].text(lang)}"
    parts = [f"{pct(p, lang)}: {o.text(lang)}" for o, p in distribution[:top]]
    if len(distribution) > top:
        parts.append(_w("more", lang, n=len(distribution) - top))
    return "; ".join(parts)


def expected_text(row, module, lang: str) -> str:
    """«в среднем: нанесено ран 1,5 · победа 50%» (metrics that are not zero)."""
    parts = []
    for m in module.METRICS:
        v = row.expected[m]
        if not v:
            continue
        name = module.METRIC_NAMES[m].get(lang)
        parts.append(f"{name} {pct(v, lang)}" if m == "win" else f"{name} {number(v, lang)}")
    return f"{_w('average', lang)}: {' · '.join(parts) if parts else _w('nothing', lang)}"


def row_html(label: str, row, module, lang: str) -> str:
    note = f"<div class='app-outcome-note'>{escape(row.note.get(lang))}</div>" if row.note else ""
    return (f"<div class='app-outcome-row-text'><b>{escape(label)}</b>"
            f"<div class='app-outcome-expected'>{escape(expected_text(row, module, lang))}</div>{note}</div>")


def chart_html(row, lang: str) -> str:
    return (f"<div class='app-outcome-chart'>{distribution_svg(row.distribution, lang)}"
            f"<div class='app-outcome-legend'>{escape(distribution_text(row.distribution, lang))}</div></div>")


PANEL_CSS = """<style>
.app-outcomes .app-outcome-row {border-top:1px solid #E3E3E3; padding:3px 0; align-items:center; flex-wrap:wrap}
.app-outcomes .app-outcome-row-text {font-size:13px; line-height:1.3}
.app-outcomes .app-outcome-expected {font-size:12px; color:#333}
.app-outcomes .app-outcome-note {font-size:11px; color:#666}
.app-outcomes .app-outcome-legend {font-size:11px; color:#444; line-height:1.25}
.app-outcomes .app-outcome-head {font-size:12px; color:#444}
</style>"""


class OutcomesPanel(W.VBox):
    """The outcomes of the decision on the board, for a Berserk or City controller (its
    ``state``, ``lang``, ``action_label`` and ``apply``). `on_play(action)` is called after
    a row was played (the host redraws its board). ``heading=False`` leaves out the panel's
    own title (for a host whose fold is titled already)."""

    def __init__(self, controller, on_play=None, lang: str | None = None, metric: str | None = None,
                 heading: bool = True):
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("app-outcomes")
        self.controller = controller
        self.on_play = on_play
        self._lang = lang
        self.heading = heading           # False: the host's fold already says what this is
        self.module = GAMES[getattr(controller, "GAME", "berserk")]
        self.metric = metric or self.module.METRICS[0]
        self.descending = True
        self.rows: list = []          # the kernel's rows, sorted as shown
        self._order: dict = {}        # action -> its place in the kernel's order
        self.error = ""
        self._row_boxes: list = []
        self.title = W.HTML()
        self.metric_box = W.Dropdown(layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.order_box = W.ToggleButtons(layout=W.Layout(width="auto"), style={"button_width": "auto"})
        self.head = W.HTML()
        self.status = W.HTML()
        self.table = W.VBox()
        self.big_button = W.Button(layout=W.Layout(width="auto", display="none"))
        self.big_button.add_class("app-outcome-work-out")
        self.big_button.on_click(lambda _b: self.refresh(force=True))
        self._quiet = False
        self._labels()
        self.metric_box.observe(self._on_metric, "value")
        self.order_box.observe(self._on_order, "value")
        self.children = [W.HTML(PANEL_CSS), self.title,
                         W.HBox([self.metric_box, self.order_box], layout=W.Layout(flex_flow="row wrap")),
                         self.head, self.big_button, self.status, self.table]
        listeners = getattr(controller, "listeners", None)
        if listeners is not None:
            listeners.append(self._changed)
        self.refresh()

    # --- language and controls ------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang or getattr(self.controller, "lang", "ru")

    def set_lang(self, lang: str) -> None:
        self._lang = lang if lang in ("ru", "en") else "ru"
        self._labels()
        self.refresh(force=bool(self.rows))

    def _labels(self) -> None:
        lang, mod = self.lang, self.module
        self._quiet = True
        try:
            self.title.value = f"<h4 style='margin:4px 0'>{escape(_w('title', lang))}</h4>" if self.heading else ""
            self.metric_box.description = _w("sort_by", lang)
            self.metric_box.options = [(mod.METRIC_NAMES[m].get(lang), m) for m in mod.METRICS] + [(_w("order", lang), ORDER)]
            self.metric_box.value = self.metric
            self.order_box.options = [(_w("high_first", lang), True), (_w("low_first", lang), False)]
            self.order_box.value = self.descending
        finally:
            self._quiet = False

    def _on_metric(self, change) -> None:
        if not self._quiet:
            self.sort_by(change["new"])

    def _on_order(self, change) -> None:
        if not self._quiet:
            self.sort_by(self.metric, change["new"])

    def sort_by(self, metric: str, descending: bool | None = None) -> None:
        """Sort the rows by the expected value of `metric` ("order": the kernel's order)."""
        if metric != ORDER and metric not in self.module.METRICS:
            raise ValueError(f"unknown metric {metric!r}: {', '.join(self.module.METRICS)} or {ORDER}")
        self.metric = metric
        if descending is not None:
            self.descending = bool(descending)
        self._labels()
        if not self.waiting:
            self._sort()
            self._render()

    # --- the rows -------------------------------------------------------------------------------
    def _changed(self, _controller=None) -> None:
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Ask the kernel again (cached per position) and redraw. A decision of more than `BIG`
        actions waits for «Посчитать» (or ``force=True``)."""
        state = self.controller.state
        self.error = ""
        legal = getattr(self.controller, "legal", None)
        n = len(legal() if legal is not None else state.legal_actions())
        self.waiting = n > BIG and not force
        self.big_button.layout.display = "" if self.waiting else "none"
        if self.waiting:
            self.rows, self._order = [], {}
            self.big_button.description = _w("work_out", self.lang)
            self.head.value = f"<div class='app-outcome-head'>{escape(_w('big', self.lang, n=n))}</div>"
            self.status.value = ""
            self.table.children = []
            return
        try:
            self.rows = self.module.outcomes(state)
        except Exception as exc:  # noqa: BLE001 - a panel never breaks the page
            self.rows, self.error = [], str(exc)[:200]
        self._order = {r.action: i for i, r in enumerate(self.rows)}
        self._sort()
        self._render()

    waiting = False                  # a big decision waits for «Посчитать»

    def _sort(self) -> None:
        order = self._order
        if self.metric == ORDER:
            self.rows.sort(key=lambda r: order.get(r.action, 0))
            return
        sign = -1 if self.descending else 1
        self.rows.sort(key=lambda r: (sign * r.exact[self.metric], order.get(r.action, 0)))

    def best_row(self):
        """The row with the best expected value of the metric sorted by (the first shown)."""
        return self.rows[0] if self.rows else None

    def _render(self) -> None:
        lang, ctl = self.lang, self.controller
        state = ctl.state
        self.status.value = ""
        if self.error:
            self.head.value = ""
            self.status.value = f"<div class='app-outcome-head'>{escape(_w('failed', lang, why=self.error))}</div>"
            self.table.children = []
            return
        if not self.rows:
            self.head.value = f"<div class='app-outcome-head'>{escape(_w('over', lang))}</div>"
            self.table.children = []
            return
        who = _who(ctl, state, lang)
        head = _w("who", lang, who=who)
        if len(self.rows) > ROWS_SHOWN:
            head += " " + _w("rows_more", lang, shown=ROWS_SHOWN, n=len(self.rows))
        swatch = {k: f"<span style='display:inline-block;width:10px;height:10px;background:{c}'></span>"
                  for k, c in TONES.items()}
        legend = escape(_w("legend", lang, good="{good}", bad="{bad}", even="{even}", win="{win}")).format(**swatch)
        self.head.value = (f"<div class='app-outcome-head'>{escape(head)}</div>"
                           f"<div class='app-outcome-head app-outcome-legend-colours'>{legend}</div>")
        boxes = []
        for i, r in enumerate(self.rows[:ROWS_SHOWN]):
            label = _label(ctl, r.action, lang)
            button = W.Button(description=_w("play", lang), tooltip=_w("play_tip", lang),
                              layout=W.Layout(width="auto", flex="0 0 auto"))
            button.add_class("app-outcome-play")
            button.on_click(lambda _b, k=i: self.play(k))
            text = W.HTML(row_html(label, r, self.module, lang), layout=W.Layout(flex="1 1 220px", min_width="180px"))
            chart = W.HTML(chart_html(r, lang), layout=W.Layout(flex="1 1 180px", min_width="170px"))
            box = W.HBox([text, chart, button], layout=W.Layout(width="100%"))
            box.add_class("app-outcome-row")
            boxes.append(box)
        self._row_boxes = boxes
        self.table.children = boxes

    def play(self, index: int) -> bool:
        """Play the row at `index` (as shown) through the controller; True when it was played."""
        if not 0 <= index < len(self.rows):
            return False
        action = self.rows[index].action
        listening = self._changed in getattr(self.controller, "listeners", [])
        ok = self.controller.apply(action)
        message = getattr(self.controller, "message", None)
        if message is not None:
            self.status.value = f"<div class='app-outcome-head'>{escape(message.text(self.lang))}</div>"
        if ok:
            if not listening:
                self.refresh()
            if self.on_play is not None:
                self.on_play(action)
        return ok


def _who(ctl, state, lang) -> str:
    """The deciding player's name: «A» in Berserk, «Игрок A» / «Player A» in the City."""
    if hasattr(state, "to_move"):
        return state.seats[state.to_move].name
    return state.name(state.current_player()).get(lang)


def _label(ctl, action, lang) -> str:
    try:
        return ctl.action_label(action, lang)
    except Exception:  # noqa: BLE001 - a label never breaks the table
        return str(action)
