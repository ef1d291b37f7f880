"""The lesson layer: tasks checked on the kernel's state, rules read from the log."""
from berserk_kernel.berserk import position
from widgets import BerserkApp
from widgets.lesson import Lesson, Task


def make():
    app = BerserkApp(position("A deep_stonecutter c3", "B skeleton_spearman c4 closed", "B herdsman e6", forced=[6, 6]), lang="en")
    return Lesson(app, [
        Task("Ударьте", "Strike the spearman", goal=lambda s: s.cards[2].zone == "graveyard", rules=("BR-10.3", "BR-15"),
             hint_en="Select the stonecutter, then the spearman."),
        Task("Закончите ход", "End the turn", goal=lambda s: s.active == 1),
    ])


def test_a_wrong_move_is_not_the_goal_and_says_what_happened():
    lesson = make()
    assert lesson.act("move #1 b3")
    assert not lesson.solved and lesson.checker.last == "not_yet"
    html = lesson.feedback("en")
    assert "Not what was asked" in html and "BR-9.1" in html and "Select the stonecutter" in html


def test_tasks_advance_and_list_their_rules():
    lesson = make()
    lesson.act("strike #1 #2")
    assert lesson.checker.index == 1
    html = lesson.feedback("en")
    assert "Well done" in html and "BR-10.3" in html and "BR-15" in html
    lesson.act("end")
    assert lesson.solved and "every task is done" in lesson.task_html.value


def test_restart_undoes_the_task():
    lesson = make()
    h = lesson.state.state_hash()
    lesson.act("move #1 b3")
    lesson.checker.restart_task()
    assert lesson.state.state_hash() == h


def test_an_illegal_action_changes_nothing_and_shows_its_rule():
    lesson = make()
    assert not lesson.act("move #1 d5")
    assert lesson.app.controller.message.rule_id == "BR-9.1"
    assert lesson.checker.last == "waiting"


def test_ability_odds_shown_for_a_declaration_picked_in_the_list():
    """BR-12: the odds panel prices a rolled shot exactly (one die: 1-3 weak, 4-5 medium, 6 strong)."""
    from fractions import Fraction
    from widgets import BerserkController
    from widgets.berserk_app import odds_html
    c = BerserkController(position("A horse_archer c2", "B skeleton_spearman c5"), "en")
    c.consider("use #1 shot #2")
    odds = c.odds()
    assert odds["dist"] == [(1, Fraction(1, 2)), (2, Fraction(1, 2))] and odds["p_kill"] == Fraction(1, 2)
    assert "Shot 1-2-2" in odds_html(c, odds)
