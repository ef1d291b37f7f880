"""The fight table of R-BR-FIGHT (BR-10.4), the single-die scale (BR-10.3) and the exact odds of
`odds.strike_odds`, checked cell by cell against docs/rulings.md and the research notes, and
against the real kernel with forced dice."""
from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from berserk_kernel.berserk import position, strike_odds
from berserk_kernel.berserk.fight import MEDIUM, STRONG, WEAK, FightCell, fight, single_die

W, M, S = WEAK, MEDIUM, STRONG

# The table of the research notes, written out independently of fight.py:
# D -> (attacker deals, target strikes back, option (deal, back) or None, who chooses)
TABLE = {
    5: (S, None, None, None),
    4: (S, W, (M, None), "attacker"),
    3: (M, None, None, None),
    2: (M, W, (W, None), "attacker"),
    1: (W, None, None, None),
    -1: (W, None, None, None),
    -2: (None, None, None, None),
    -3: (None, W, None, None),
    -4: (W, M, (None, W), "target"),
    -5: (None, M, None, None),
}


def expected_cell(white: int, black: int) -> FightCell:
    d = white - black
    if d == 0:
        return FightCell(W, None) if white <= 4 else FightCell(None, W)
    deal, back, alt, chooser = TABLE[max(-5, min(5, d))]
    if alt is None:
        return FightCell(deal, back)
    return FightCell(deal, back, alt[0], alt[1], chooser)


PAIRS = [(w, b) for w in range(1, 7) for b in range(1, 7)]


@pytest.mark.parametrize("white, black", PAIRS)
def test_R_BR_FIGHT_every_cell_of_the_table(white, black):
    """R-BR-FIGHT / BR-10.4: each of the 36 unmodified pairs reads the table of the notes."""
    assert fight(white, black) == expected_cell(white, black)


@pytest.mark.parametrize("white, black, cell", [
    (1, 1, FightCell(W, None)), (2, 2, FightCell(W, None)), (3, 3, FightCell(W, None)),
    (4, 4, FightCell(W, None)), (5, 5, FightCell(None, W)), (6, 6, FightCell(None, W)),
    (7, 7, FightCell(None, W)), (0, 0, FightCell(W, None)),
])
def test_R_BR_FIGHT_tie_rule_at_0(white, black, cell):
    """R-BR-FIGHT: at a difference of 0 the attacker deals weak when the rolls are 4 or less, and
    the target strikes back weak when they are 5 or more (modified rolls too)."""
    assert fight(white, black) == cell


@pytest.mark.parametrize("white, black, cell", [
    (12, 1, FightCell(S, None)),                       # +11: strong, like +5
    (8, 2, FightCell(S, None)),
    (7, 3, FightCell(S, W, M, None, "attacker")),      # +4 after a +1 modifier
    (0, 6, FightCell(None, M)),                        # -6: medium back, like -5
    (1, 12, FightCell(None, M)),
])
def test_R_BR_FIGHT_modified_rolls_beyond_the_faces(white, black, cell):
    """R-BR-FIGHT: modifiers apply before the table is read, so rolls may leave 1..6; the ends of
    the table extend (+5 or more, -5 or less)."""
    assert fight(white, black) == cell


def test_R_BR_FIGHT_counts_over_the_36_pairs():
    """R-BR-FIGHT: the counts of the notes: attacker W only 14, defender W only 5, nothing 4, +2
    exchange 4, attacker M only 3, +4 exchange 2, -4 exchange 2, defender M only 1, attacker S
    only 1."""
    def kind(c):
        if c.has_choice:
            return {"attacker": "+2 exchange" if c.deal == M else "+4 exchange", "target": "-4 exchange"}[c.chooser]
        if c.deal is None and c.back is None:
            return "nothing"
        if c.back is None:
            return f"attacker {'WMS'[c.deal]} only"
        assert c.deal is None
        return f"defender {'WMS'[c.back]} only"

    counts = Counter(kind(fight(w, b)) for w, b in PAIRS)
    assert counts == {"attacker W only": 14, "defender W only": 5, "nothing": 4, "+2 exchange": 4,
                      "attacker M only": 3, "+4 exchange": 2, "-4 exchange": 2, "defender M only": 1,
                      "attacker S only": 1}
    assert sum(counts.values()) == 36
    choosers = Counter(fight(w, b).chooser for w, b in PAIRS)
    assert choosers == {None: 28, "attacker": 6, "target": 2}


@pytest.mark.parametrize("roll, strength", [
    (-1, W), (0, W), (1, W), (2, W), (3, W), (4, M), (5, M), (6, S), (7, S), (9, S),
])
def test_BR_10_3_single_die_scale(roll, strength):
    """BR-10.3: a closed target with no defender (and every rolled ability): 3 or less weak, 4-5
    medium, 6 or more strong, after modifiers."""
    assert single_die(roll) == strength


# --- odds.strike_odds ---------------------------------------------------------------------------

GIANT, TROLL = (3, 4, 6), (2, 3, 3)   # avalanche_giant 8 lives, bog_troll 7 lives


@pytest.mark.parametrize("strike, back, wm, bm", [
    (GIANT, TROLL, 0, 0), ((1, 2, 3), (1, 1, 2), 0, 0), (GIANT, TROLL, 1, 0), ((2, 3, 4), (2, 3, 5), 0, 2),
    ((1, 1, 1), None, 0, 0), (GIANT, None, 2, 0),
])
def test_BR_10_4_odds_are_exact_fractions_summing_to_1(strike, back, wm, bm):
    """BR-10.4 and R-BR-FIGHT: every pair of faces is enumerated with Fraction weights; fixed
    cells plus choice cells sum to exactly 1, and so does the distribution under either policy."""
    o = strike_odds(strike, back, wm, bm)
    total = sum(o.fixed.values(), Fraction(0)) + sum((p for p, *_ in o.choices), Fraction(0))
    assert total == 1 and isinstance(total, Fraction)
    for policy in ("exchange", "safe"):
        dist = o.distribution(policy)
        assert sum(dist.values(), Fraction(0)) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    assert o.fights_back is (back is not None)
    if back is None:
        assert o.choices == []


def test_BR_10_3_odds_of_a_closed_target():
    """BR-10.3: against a closed target only the white die counts: X on 1-3, Y on 4-5, Z on 6."""
    o = strike_odds((1, 2, 3), None)
    assert o.distribution() == {(1, 0): Fraction(1, 2), (2, 0): Fraction(1, 3), (3, 0): Fraction(1, 6)}
    assert o.p_kill(2) == Fraction(1, 2) and o.p_kill(3) == Fraction(1, 6) and o.p_kill(4) == 0
    plus2 = strike_odds((1, 2, 3), None, white_mod=2)   # 3..8: one weak, two medium, three strong
    assert plus2.distribution() == {(1, 0): Fraction(1, 6), (2, 0): Fraction(1, 3), (3, 0): Fraction(1, 2)}


def test_BR_10_4_odds_choices_name_their_chooser():
    """R-BR-FIGHT: the choice cells of the odds are the +4, +2 (attacker) and -4 (target) pairs."""
    o = strike_odds(GIANT, TROLL)
    by_chooser = Counter(ch for _p, _keep, _alt, ch in o.choices)
    assert by_chooser == {"attacker": 6, "target": 2}
    assert all(p == Fraction(1, 36) for p, *_ in o.choices)
    assert {(keep, alt) for _p, keep, alt, ch in o.choices if ch == "target"} == {((3, 3), (0, 2))}
    assert {(keep, alt) for _p, keep, alt, ch in o.choices if ch == "attacker"} == {((6, 2), (4, 0)), ((4, 2), (3, 0))}


def _kernel_distribution(policy: str, closed: bool = False) -> dict:
    """Play every die outcome through the real kernel (giant strikes troll) with forced dice."""
    dist = defaultdict(Fraction)
    faces = [(w,) for w in range(1, 7)] if closed else PAIRS
    for rolls in faces:
        s = position("A avalanche_giant c3", "B bog_troll c4" + (" closed" if closed else ""), forced=list(rolls))
        s.apply("strike #1 #2")
        if s.stage == "pending:choice":
            s.apply(policy)
        assert s.stage == "battle" and s.dice.count == len(rolls) and s.dice.forced == []
        dist[(s.cards[2].wounds, s.cards[1].wounds)] += Fraction(1, len(faces))
    return dict(dist)


@pytest.mark.parametrize("policy", ["exchange", "safe"])
def test_BR_10_4_odds_match_the_kernel_exhaustively(policy):
    """BR-10.4 and R-BR-FIGHT: the odds equal an exhaustive enumeration of all 36 forced die pairs
    through `state.apply`, with every +4 / +2 / -4 choice made the same way."""
    assert _kernel_distribution(policy) == strike_odds(GIANT, TROLL).distribution(policy)


def test_BR_10_3_odds_of_a_closed_target_match_the_kernel():
    """BR-10.3: the closed-target odds equal the 6 forced single rolls through the kernel."""
    assert _kernel_distribution("exchange", closed=True) == strike_odds(GIANT, None).distribution()
