"""Words a person writes: plurals (CLDR rules through Babel), counted nouns, genders.

Russian has three plural forms for whole numbers (one: 1, 21; few: 2-4, 22-24; many: 0, 5-20,
25...) and uses the "few" form for fractions (CLDR "other"); English has one and other.

>>> [count(n, "wound") for n in (0, 1, 2, 5, 11, 21, 22, 25)]
['0 ран', '1 рана', '2 раны', '5 ран', '11 ран', '21 рана', '22 раны', '25 ран']
>>> [count(n, "wound", "en") for n in (0, 1, 2)]
['0 wounds', '1 wound', '2 wounds']
>>> count(1, "wound", case="acc"), count(1, "gold_crystal"), count(1.5, "crystal")
('1 рану', '1 золотой кристалл', '1,5 кристалла')
>>> [count(n, "card", case="gen") for n in (1, 2, 5, 21)]   # «меньше 1 карты», «меньше 2 карт»
['1 карты', '2 карт', '5 карт', '21 карты']
>>> plural(3, ("раз", "раза", "раз")), plural(1, ("time", "times"), "en")
('раза', 'time')
>>> gendered("f", ("уничтожен", "уничтожена", "уничтожено", "уничтожены"))
'уничтожена'
>>> count_t(1, "card")
T(ru='1 карта', en='1 card')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from babel import Locale

from .i18n import DEFAULT_LANG, T

GENDERS = ("m", "f", "n", "pl")
_SLOT = {"ru": {"one": 0, "few": 1, "many": 2, "other": 1},   # "other": fractions -> «1,5 раны»
         "en": {"one": 0, "other": 1}}


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale(lang)


def plural_category(n, lang: str = DEFAULT_LANG) -> str:
    """CLDR plural category of `n` in `lang` ("one", "few", "many", "other")."""
    if type(n) is int:
        return _int_category(n, lang)
    return _locale(lang).plural_form(abs(n))


@lru_cache(maxsize=4096)
def _int_category(n: int, lang: str) -> str:
    # whole numbers repeat all game long (wounds, coins, cards): ask Babel once per number
    return _locale(lang).plural_form(abs(n))


def plural(n, forms, lang: str = DEFAULT_LANG) -> str:
    """The form of a word agreeing with the number `n`.

    `forms` is (one, few, many) for Russian, (one, other) for English.

    >>> [plural(n, ("монета", "монеты", "монет")) for n in (1, 4, 11, 101)]
    ['монета', 'монеты', 'монет', 'монета']
    """
    slot = _SLOT[lang][plural_category(n, lang)]
    if len(forms) != len(_SLOT[lang]) - (1 if lang == "ru" else 0):
        raise ValueError(f"plural forms for {lang!r} need {'one, few, many' if lang == 'ru' else 'one, other'}: {forms!r}")
    return forms[slot]


def number(n, lang: str = DEFAULT_LANG) -> str:
    """A number as written in `lang` (a decimal comma in Russian)."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    text = str(n)
    return text.replace(".", ",") if lang == "ru" else text


@dataclass(frozen=True)
class Noun:
    """A countable noun: Russian (one, few, many), its accusative singular, English (one, other)."""

    ru: tuple
    en: tuple
    gender: str = "m"
    ru_acc: str = ""      # accusative singular if it differs ("рану", "силу")
    ru_gen: str = ""      # genitive singular if it differs from the "few" form ("золотого кристалла")

    def form(self, n, lang: str = DEFAULT_LANG, case: str = "nom") -> str:
        """`case`: "nom", "acc" («получает 1 рану») or "gen" («не больше 1 карты, 5 карт»)."""
        if lang == "en":
            return plural(n, self.en, "en")
        one, few, many = self.ru
        if case == "acc" and self.ru_acc:
            one = self.ru_acc
        elif case == "gen":                     # a counted phrase after «до», «меньше», «не больше»
            one, few = self.ru_gen or few, many
        elif case != "nom" and case != "acc":
            raise ValueError(f"case must be nom, acc or gen, not {case!r}")
        return plural(n, (one, few, many), "ru")


NOUNS = {
    "wound": Noun(("рана", "раны", "ран"), ("wound", "wounds"), "f", "рану"),
    "card": Noun(("карта", "карты", "карт"), ("card", "cards"), "f", "карту"),
    "creature": Noun(("существо", "существа", "существ"), ("creature", "creatures"), "n"),
    "crystal": Noun(("кристалл", "кристалла", "кристаллов"), ("crystal", "crystals")),
    "gold_crystal": Noun(("золотой кристалл", "золотых кристалла", "золотых кристаллов"),
                         ("gold crystal", "gold crystals"), ru_gen="золотого кристалла"),
    "silver_crystal": Noun(("серебряный кристалл", "серебряных кристалла", "серебряных кристаллов"),
                           ("silver crystal", "silver crystals"), ru_gen="серебряного кристалла"),
    "gold": Noun(("золотой", "золотых", "золотых"), ("gold", "gold"), ru_gen="золотого"),
    "silver": Noun(("серебряный", "серебряных", "серебряных"), ("silver", "silver"), ru_gen="серебряного"),
    "coin": Noun(("монета", "монеты", "монет"), ("coin", "coins"), "f", "монету"),
    "token": Noun(("фишка", "фишки", "фишек"), ("token", "tokens"), "f", "фишку"),
    "influence": Noun(("жетон Влияния", "жетона Влияния", "жетонов Влияния"),   # «Битва за Город»
                      ("influence", "influence")),
    "time": Noun(("раз", "раза", "раз"), ("time", "times")),
    "force": Noun(("сила", "силы", "сил"), ("force", "forces"), "f", "силу"),
    "district": Noun(("район", "района", "районов"), ("district", "districts")),
    "turn": Noun(("ход", "хода", "ходов"), ("turn", "turns")),
    "attack": Noun(("атака", "атаки", "атак"), ("attack", "attacks"), "f", "атаку"),
    "round": Noun(("раунд", "раунда", "раундов"), ("round", "rounds")),
    "step": Noun(("шаг", "шага", "шагов"), ("step", "steps")),
    "cell": Noun(("клетка", "клетки", "клеток"), ("cell", "cells"), "f", "клетку"),
    "point": Noun(("очко", "очка", "очков"), ("point", "points"), "n"),
    "life": Noun(("жизнь", "жизни", "жизней"), ("life", "lives"), "f"),
    "success": Noun(("успех", "успеха", "успехов"), ("success", "successes")),
    "die": Noun(("кубик", "кубика", "кубиков"), ("die", "dice")),
    "target": Noun(("цель", "цели", "целей"), ("target", "targets"), "f"),
    "ability": Noun(("способность", "способности", "способностей"), ("ability", "abilities"), "f"),
    "player": Noun(("игрок", "игрока", "игроков"), ("player", "players")),
    "action": Noun(("действие", "действия", "действий"), ("action", "actions"), "n"),
    "event": Noun(("событие", "события", "событий"), ("event", "events"), "n"),
    "damage": Noun(("единица урона", "единицы урона", "единиц урона"), ("damage", "damage"), "f",
                   "единицу урона"),
}


def noun(name: str) -> Noun:
    try:
        return NOUNS[name]
    except KeyError:
        raise KeyError(f"words.NOUNS has no noun {name!r}") from None


def count(n, name: str, lang: str = DEFAULT_LANG, case: str = "nom") -> str:
    """A number with its noun agreeing: "2 раны", "1 wound". `case="acc"`: «получает 1 рану»."""
    return f"{number(n, lang)} {noun(name).form(n, lang, case)}"


def count_t(n, name: str, case: str = "nom") -> T:
    """`count` in both languages."""
    return T(count(n, name, "ru", case), count(n, name, "en"))


def gendered(gender: str, forms) -> str:
    """The form agreeing with a gender: forms are (m, f, n, pl); fewer forms fall back to the first.

    >>> gendered("pl", ("лёг", "легла", "легло", "легли")), gendered("n", ("открыт", "открыта"))
    ('легли', 'открыт')
    """
    if gender not in GENDERS:
        raise ValueError(f"gender must be one of {GENDERS}, not {gender!r}")
    i = GENDERS.index(gender)
    return forms[i] if i < len(forms) else forms[0]


# --- checking a text --------------------------------------------------------------------------

_CASES = ("nom", "acc", "gen")
_COUNTED = re.compile(r"(?<![\w#.,\d])(\d+) ([A-Za-zА-Яа-яЁё]+)")
_HEDGED = re.compile(r"[A-Za-zА-Яа-яЁё]\((?:s|es|ы|а|и|ов|ей)\)")


@lru_cache(maxsize=None)
def _first_words(lang: str) -> dict:
    """First word of every form of every noun -> the nouns it may belong to."""
    out: dict[str, set] = {}
    for key, nn in NOUNS.items():
        forms = nn.en if lang == "en" else nn.ru + (nn.ru_acc, nn.ru_gen)
        for f in forms:
            if f:
                out.setdefault(f.split()[0].lower(), set()).add(key)
    return out


def agreement_errors(text: str, lang: str = DEFAULT_LANG) -> list:
    """Places in `text` where a whole number is followed by a noun of `NOUNS` in a form that does
    not agree with it («1 золотых», "1 wounds"), and hedged plurals such as "card(s)", «ран(ы)».

    >>> agreement_errors("Получено 1 золотых и 2 раны; 5 карта.")
    ['1 золотых', '5 карта']
    >>> agreement_errors("takes 1 wound(s), 2 wound", "en")
    ['wound(s)', '2 wound']
    >>> agreement_errors("меньше 1 карты, 21 рану, 2 кристалла, 11 ран")
    []
    """
    errors = [text[max(0, m.start() - 12):m.end()].split()[-1] for m in _HEDGED.finditer(text)]
    table = _first_words(lang)
    for m in _COUNTED.finditer(text):
        n, word = int(m.group(1)), m.group(2)
        keys = table.get(word.lower())
        if not keys:
            continue
        cases = ("nom",) if lang == "en" else _CASES
        if not any(word.lower() == NOUNS[k].form(n, lang, c).split()[0].lower() for k in keys for c in cases):
            errors.append(m.group(0))
    return sorted(errors, key=text.find)
