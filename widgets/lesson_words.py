"""The words of the lesson pages and the start page, in Russian and English, with plurals from
Babel's CLDR rules (never "(s)" or "(ы)")."""
from __future__ import annotations

from babel import Locale

WORDS: dict[str, dict[str, str]] = {
    "stage_of": {"ru": "Этап {k} из {n}", "en": "Stage {k} of {n}"},
    "hint": {"ru": "Подсказка", "en": "Hint"},
    # the stage dots in the header
    "stages": {"ru": "Этапы:", "en": "Stages:"},
    "dot_done": {"ru": "Этап {k} пройден. Нажмите, чтобы пройти его заново.",
                 "en": "Stage {k} is done. Click to play it again."},
    "dot_current": {"ru": "Этап {k} — вы здесь. Нажмите, чтобы начать его с начала.",
                    "en": "Stage {k}: you are here. Click to start it from the beginning."},
    "dot_reached": {"ru": "Этап {k}. Нажмите, чтобы вернуться к нему.",
                    "en": "Stage {k}. Click to go back to it."},
    "dot_ahead": {"ru": "Этап {k} пока закрыт: сначала пройдите этапы до него.",
                  "en": "Stage {k} is not open yet: finish the stages before it first."},
    "show": {"ru": "▶ Покажите ход", "en": "▶ Show me"},
    "restart": {"ru": "↺ Заново", "en": "↺ Restart stage"},
    "more": {"ru": "Подробнее", "en": "More"},
    "lesson_more": {"ru": "Об уроке подробнее", "en": "More about this lesson"},
    "start": {"ru": "Сделайте ход на доске.", "en": "Make your move on the board."},
    "partial": {"ru": "✓ Верно, так держать!", "en": "✓ Right, keep going!"},
    "answered": {"ru": "Ответ соперника: {what}.", "en": "The opponent answers: {what}."},
    "next_step": {"ru": "Что дальше: {what}", "en": "Next: {what}"},
    "wrong": {"ru": "✕ Не то: {what}.", "en": "✕ Not this: {what}."},
    "wrong_generic": {"ru": "Этот ход не ведёт к цели этапа.", "en": "This move does not lead to the stage's goal."},
    "taken_back": {"ru": "Ход отменён — попробуйте ещё раз.", "en": "The move was taken back: try again."},
    "refused": {"ru": "✕ Так нельзя:", "en": "✕ Not allowed:"},
    "nothing_changed": {"ru": "Ничего не изменилось.", "en": "Nothing changed."},
    "rules_logged": {"ru": "Правила: {ids}.", "en": "Rules: {ids}."},
    "rule_logged": {"ru": "Правило: {ids}.", "en": "Rule: {ids}."},
    "hint_action": {"ru": "Подсвечено на доске: {what}.", "en": "Lit on the board: {what}."},
    "hint_head": {"ru": "Подсказка:", "en": "Hint:"},
    "hint_why": {"ru": "Почему:", "en": "Why:"},
    # why the hint's action (widgets/lesson_hint.py)
    "why_try": {"ru": "Попробуйте сделать этот ход: правило {rule} его запрещает — вы увидите, как игра откажет и почему.",
                "en": "Try this move: rule {rule} forbids it, and you will see the game refuse it and say why."},
    "why_goal": {"ru": "Этот ход сразу выполняет задание этапа.", "en": "This move completes the stage's task at once."},
    "why_step": {"ru": "Это шаг к цели этапа; за следующим шагом нажмите «Подсказку» ещё раз.",
                 "en": "This is a step toward the stage's goal; press “Hint” again for the next one."},
    "why_forced": {"ru": "Это шансы по правилам; в этом этапе урок заранее задал бросок кубика, чтобы всё вышло наверняка.",
                   "en": "Those are the odds by the rules; in this stage the lesson has set the die roll in advance, "
                         "so the result is certain."},
    "why_bot": {"ru": "Одним ходом цели отсюда не достичь; компьютер советует этот ход.",
                "en": "No single move reaches the goal from here; the computer suggests this one."},
    "why_restart": {"ru": "Отсюда цели этапа уже не достичь: нажмите «↺ Заново».",
                    "en": "The stage's goal can no longer be reached from here: press “↺ Restart stage”."},
    "shown": {"ru": "Смотрите: {what}.", "en": "Watch: {what}."},
    "restarted": {"ru": "Этап начат заново.", "en": "The stage starts again."},
    "undone": {"ru": "Ход отменён.", "en": "Move undone."},
    "success": {"ru": "✓ Отлично!", "en": "✓ Well done!"},
    "rules": {"ru": "Правила этапа", "en": "The rules of this stage"},
    "lesson_done": {"ru": "Урок пройден!", "en": "Lesson complete!"},
    # the stars of a finished lesson (`stars` below): the end screen says how they are earned
    "stars_3": {"ru": "3 звезды из 3", "en": "3 stars of 3"},
    "stars_2": {"ru": "2 звезды из 3", "en": "2 stars of 3"},
    "stars_1": {"ru": "1 звезда из 3", "en": "1 star of 3"},
    "stars_rule": {"ru": "★★★ — без ошибок и подсказок, ★★ — не больше {k} ошибок и подсказок вместе, "
                         "★ — урок пройден.",
                   "en": "★★★: no mistakes and no hints; ★★: at most {k} mistakes and hints in all; "
                         "★: lesson complete."},
    "score": {"ru": "Ошибок: {mistakes}, подсказок: {hints}.", "en": "Mistakes: {mistakes}, hints: {hints}."},
    "perfect": {"ru": "Без единой ошибки и подсказки — превосходно!", "en": "No mistakes and no hints: excellent!"},
    "next_lesson": {"ru": "Следующий урок →", "en": "Next lesson →"},
    "to_map": {"ru": "К списку уроков", "en": "Back to the lessons"},
    "again": {"ru": "↺ Пройти урок ещё раз", "en": "↺ Play the lesson again"},
    "lesson_n": {"ru": "Урок {n}", "en": "Lesson {n}"},
    # the start page
    "start_title": {"ru": "Берсерк и Битва за Город: правила в игре",
                    "en": "Berserk and Battle for the City: the rules by playing"},
    "start_intro": {"ru": "Уроки идут по порядку: каждый — несколько коротких этапов на доске. "
                          "Прогресс хранится в этом браузере.",
                    "en": "The lessons go in order; each is a few short stages on the board. "
                          "Your progress is kept in this browser."},
    "lessons": {"ru": "Уроки", "en": "Lessons"},
    "apps": {"ru": "Играть", "en": "Play"},
    "not_started": {"ru": "не начат", "en": "not started"},
    "done": {"ru": "✓ пройден", "en": "✓ complete"},
    "open": {"ru": "Открыть", "en": "Open"},
    "app_20": {"ru": "Берсерк: партия вдвоём за одним экраном", "en": "Berserk: two players at one screen"},
    "app_30": {"ru": "Битва за Город: партия за одним экраном", "en": "Battle for the City: players at one screen"},
    "app_40": {"ru": "Разбор позиций и записей партий", "en": "Explore positions and game records"},
    "app_50": {"ru": "Обе игры в OpenSpiel (для исследователей)", "en": "Both games in OpenSpiel (for researchers)"},
    "app_20_what": {"ru": "вдвоём или против компьютера", "en": "two players, or you against the computer"},
    "app_30_what": {"ru": "от 2 до 4 игроков или против компьютера", "en": "2 to 4 players, or against the computer"},
    "app_40_what": {"ru": "любая позиция: что будет после каждого хода", "en": "any position: what each move leads to"},
    "app_50_what": {"ru": "компьютерные игроки OpenSpiel играют сами, без доски",
                    "en": "OpenSpiel's computer players play by themselves, no board"},
    "go_first": {"ru": "Начать с урока 1 →", "en": "Start with lesson 1 →"},
    "go_first_note": {"ru": "Впервые видите игру? Начните здесь: правила объясняются прямо на доске, по ходу игры.",
                      "en": "New to the game? Start here: the rules are explained on the board as you play."},
    "go_on": {"ru": "Продолжить: урок {n} →", "en": "Continue: lesson {n} →"},
    "all_done": {"ru": "✓ Все уроки пройдены. Сыграйте партию!", "en": "✓ All lessons complete. Play a game!"},
    "loading": {"ru": "загрузка прогресса…", "en": "loading progress…"},
}

# nouns with their plural forms: ru one/few/many, en one/other
NOUNS = {
    "stage": {"ru": ("этап", "этапа", "этапов"), "en": ("stage", "stages")},
    "mistake": {"ru": ("ошибка", "ошибки", "ошибок"), "en": ("mistake", "mistakes")},
    "hint": {"ru": ("подсказка", "подсказки", "подсказок"), "en": ("hint", "hints")},
}
_SLOT = {"ru": {"one": 0, "few": 1, "many": 2, "other": 1}, "en": {"one": 0, "other": 1}}
_LOCALES = {"ru": Locale("ru"), "en": Locale("en")}


def w(key: str, lang: str, **kw) -> str:
    text = WORDS[key].get(lang) or WORDS[key]["ru"]
    return text.format(**kw) if kw else text


def plural(noun: str, n: int, lang: str) -> str:
    """``plural("stage", 5, "ru")`` -> "5 этапов"."""
    lang = lang if lang in _LOCALES else "ru"
    form = _LOCALES[lang].plural_form(n)
    return f"{n} {NOUNS[noun][lang][_SLOT[lang].get(form, 1)]}"


def stages_done(k: int, n: int, lang: str) -> str:
    """"2 из 5 этапов" / "2 of 5 stages": after «из N» Russian takes the genitive (1, 21 этапа;
    2, 5, 11 этапов)."""
    if lang == "ru":
        form = _LOCALES["ru"].plural_form(n)
        return f"{k} из {n} {'этапа' if form in ('one', 'other') else 'этапов'}"
    return f"{k} of {n} {plural('stage', n, 'en').split(' ', 1)[1]}"


# ★★ for at most this many mistakes and hints together (a hint or «Show me» counts like a mistake)
TWO_STARS_AT_MOST = 3


def stars(mistakes: int, hints: int) -> int:
    """The stars of a finished lesson: 3 with no mistake and no hint, 2 with at most
    TWO_STARS_AT_MOST mistakes and hints together, else 1."""
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips <= TWO_STARS_AT_MOST else 1


def stars_text(n: int) -> str:
    """"★★☆" for 2: the stars earned, then the empty ones."""
    return "★" * n + "☆" * (3 - n)


def score_words(mistakes: int, hints: int, lang: str) -> str:
    return f"{plural('mistake', mistakes, lang)}, {plural('hint', hints, lang)}"
