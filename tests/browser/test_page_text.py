"""Every notebook page, in Russian and in English, reads as words a person writes: no notation
codes in brackets, no Python reprs, no test or developer output, no "(s)" / "(ы)" plurals, and one
language at a time (no long sentence of the other language).

The text checked is what a student can read: the page's visible text (`innerText`) and the
tooltips of its buttons (`title`). The canvas is a picture; its words come from the same kernel
scene the controller tests read.
"""
from __future__ import annotations

import re
import pytest

from voila_app import NOTEBOOKS_DIR, notebook_names, open_app

pytestmark = pytest.mark.browser

PROBLEMS = {
    "notation code in brackets": re.compile(r"\[[a-zа-яё]+(?:\]| [^\]\n]*\])"),
    "Python list or dict repr": re.compile(r"\[['\"]|\{['\"]|\(['\"]\w+['\"],"),
    "test output (nbval)": re.compile(r"nbval", re.I),
    "traceback": re.compile(r"Traceback"),
    "plural in brackets": re.compile(r"\((?:s|ы|и|а|ов|ей|es)\)"),
    "Python None/True/False": re.compile(r"(?<![\w«])(?:None|True|False)(?![\w»])"),
}
# a run of five or more words of the other language (card names are two or three words)
CYRILLIC_RUN = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\-]*(?:[ ,]+[А-Яа-яЁё][А-Яа-яЁё\-]*){4,}")
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'\-]*(?:[ ,]+[A-Za-z][A-Za-z'\-]*){4,}")

TEXT_JS = """() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[title]')) parts.push(el.getAttribute('title'));
  for (const el of document.querySelectorAll('option')) parts.push(el.textContent);
  return parts.join('\\n');
}"""


def problems_in(text: str, lang: str) -> list[str]:
    found = []
    for what, rx in PROBLEMS.items():
        for m in rx.finditer(text):
            found.append(f"{what}: …{text[max(0, m.start() - 40):m.end() + 40]!r}…")
    other = CYRILLIC_RUN if lang == "en" else LATIN_RUN
    for m in other.finditer(text):
        found.append(f"{'Russian' if lang == 'en' else 'English'} sentence on the {lang} page: {m.group(0)!r}")
    return found


# Pages of other owners known to fail, with the reason (remove the entry when fixed).
KNOWN: dict[str, str] = {}


def _params():
    out = []
    for name in notebook_names():
        for lang in ("ru", "en"):
            marks = [pytest.mark.xfail(reason=KNOWN[name], strict=False)] if name in KNOWN else []
            out.append(pytest.param(name, lang, marks=marks, id=f"{name}-{lang}"))
    return out


def test_the_checks_catch_what_they_are_for():
    bad_ru = "Закончить ход [end] · Захватить [захват 6] · ['move #4 b2'] · Ровно 2 ран(ы) · nbval · take 1 wound(s) now"
    found = problems_in(bad_ru, "ru")
    assert {f.split(":")[0] for f in found} >= {"notation code in brackets", "Python list or dict repr",
                                                 "plural in brackets", "test output (nbval)"}
    assert any("English sentence" in f for f in problems_in("Нажмите. The target takes two wounds now here.", "ru"))
    assert any("Russian sentence" in f for f in problems_in("Go. Цель получает две раны от удара сейчас.", "en"))
    ok = "«Страж ущелья» (#1) бьёт «Болотный тролль» (#2) · Закончить ход · правило BR-10 · Gorge Warden"
    assert problems_in(ok, "ru") == []
    assert problems_in("Gorge Warden (#1) strikes Bog Troll (#2) · End the turn · Русский", "en") == []


@pytest.mark.parametrize("notebook,lang", _params())
def test_page_text_is_plain_words_in_one_language(page, voila_url, notebook, lang):
    assert (NOTEBOOKS_DIR / f"{notebook}.ipynb").exists()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, voila_url, notebook, lang=lang)
    page.wait_for_timeout(500)
    text = page.evaluate(TEXT_JS)
    found = problems_in(text, lang)
    assert not found, f"{notebook}?lang={lang}:\n" + "\n".join(found[:20])
