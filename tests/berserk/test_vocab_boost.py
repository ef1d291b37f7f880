"""A die bonus given by an effect for a time (a blessing), not printed on a card: the `boost`
effect (R-BR-FIGHT: modifiers are added to the roll before the table is read); it ends when its
time is up, a game-rule effect (HR-503.1: «снятие с карты постоянных эффектов, как только
заканчивается срок их применения»)."""
from fractions import Fraction

import pytest

from berserk_kernel.berserk import BerserkState, odds_for, position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.berserk.targets import modifier
from berserk_kernel.core.errors import DataError


def lines(s, rule, start=0):
    return [e for e in s.log[start:] if e.rule_id == rule]


def test_R_BR_FIGHT_a_blessing_adds_one_to_the_strike_die_until_the_end_of_the_turn():
    """R-BR-FIGHT: the priestess blesses the warden (+1 to its die when it strikes, until the end
    of this turn). White 5 against black 1 reads +4 without it (a choice); with it +5: strong,
    3 wounds to the boar. At the end of the turn the bonus is removed (HR-503.1), and in
    A's next turn the warden rolls with no bonus."""
    s = position("A war_priestess b3", "A gorge_warden c3", "B forest_boar c4", "B deadfall_wolf e6",
                 forced=[5, 1])
    s.apply("use #1 blessing #2")
    given = lines(s, "R-BR-FIGHT")
    assert len(given) == 1
    assert given[0].ru == "«Страж ущелья» (#2) получает +1 к броску кубика при ударе до конца хода."
    assert given[0].en == "Gorge Warden (#2) gets +1 to its die when it strikes until the end of this turn."
    assert modifier(s, 2, "attack_die") == 1 and modifier(s, 2, "defence_die") == 0
    s.apply("strike #2 #3")
    roll = next(e for e in s.log if e.rule_id == "BR-10.1" and e.kind == "roll")
    assert roll.ru == "Белый кубик (нападающий): 5 + 1; чёрный (цель): 1." and roll.data == {"white": 5, "black": 1}
    assert s.pending is None and s.cards[3].wounds == 3 and s.cards[2].wounds == 0
    n = len(s.log)
    s.apply("end")
    ended = lines(s, "HR-503.1", n)
    assert [e.kind for e in ended] == ["expire"]
    assert ended[0].ru == "Действие «+1 к броску кубика при ударе» на «Страж ущелья» (#2) закончилось: его срок истёк."
    assert s.cards[2].lasting == () and modifier(s, 2, "attack_die") == 0
    without = position("A gorge_warden c3", "B forest_boar c4", forced=[5, 1])
    without.apply("strike #1 #2")
    assert without.pending is not None and without.pending["kind"] == "choice"   # +4: the table's choice


def test_R_BR_FIGHT_a_ward_for_two_turns_holds_through_the_opponents_turn():
    """`turns = 2`: +1 to the warden's die when it fights back, until the end of the next turn
    (the opponent's): B strikes it in turn 2 and the black die reads 2 + 1; the bonus ends with
    turn 2 (HR-503.1)."""
    s = position("A war_priestess b3", "A gorge_warden c3", "B forest_boar c4")
    s.apply("use #1 ward #2")
    assert [(e.what, e.until, e.amount) for e in s.cards[2].lasting] == [("defence_die", 2, 1)]
    assert lines(s, "R-BR-FIGHT")[0].ru.endswith("получает +1 к броску кубика при ответе до конца 2-го хода.")
    s.apply("end")
    s.force_dice(3, 2)
    s.apply("strike #3 #2")
    if s.stage == "pending:defend":
        s.apply("nodefend")
    roll = next(e for e in s.log if e.rule_id == "BR-10.1" and e.kind == "roll")
    assert roll.en == "White die (attacker): 3; black die (target): 2 + 1."
    n = len(s.log)
    while s.stage != "battle":
        s.apply(s.legal_actions()[0])
    s.apply("end")
    assert [e.data for e in lines(s, "HR-503.1", n) if e.kind == "expire"] == [{"card": 2}]
    assert s.cards[2].lasting == ()


def test_a_blessing_is_saved_in_a_scenario_and_plays_on_the_same():
    """A position with a blessing in force round-trips through a scenario to the same state hash
    and rolls the same."""
    s = position("A war_priestess b3", "A gorge_warden c3", "B forest_boar c4", forced=[5, 1])
    s.apply("use #1 blessing #2")
    data = s.to_dict()
    assert data["cards"][1]["lasting"] == [{"what": "attack_die", "until": 1, "amount": 1}]
    t = BerserkState.from_dict(data, "<test>")
    assert t.state_hash() == s.state_hash()
    s.apply("strike #2 #3")
    t.apply("strike #2 #3")
    assert t.state_hash() == s.state_hash() and t.cards[3].wounds == 3


def test_a_blessed_card_that_leaves_play_loses_the_blessing():
    """CR-204.4 / CR-play-zone: lasting effects end when their card leaves the play zone."""
    s = position("A war_priestess b3", "A deadfall_wolf c3", "B lord_of_the_thicket c4", forced=[1, 6])
    s.apply("use #1 blessing #2")
    s.apply("strike #2 #3")                    # 1 + 1 against 6: -4, B keeps the exchange
    s.apply("exchange")                        # the lord's medium 3 back kills the wolf (2 lives)
    assert s.cards[2].zone == "graveyard" and s.cards[2].lasting == ()


@pytest.mark.parametrize("effect, key", [
    ({"op": "boost"}, "effects[0]"),                                               # no modifier
    ({"op": "wound", "amount": 1, "modifier": {"attack_die": 1}}, "effects[0]"),   # modifier off boost
    ({"op": "wound", "amount": 1, "turns": 2}, "effects[0]"),                      # turns off boost/grant
    ({"op": "boost", "modifier": {"attack_die": 1}, "turns": 0}, "effects[0].turns"),
    ({"op": "boost", "modifier": {"attack_die": 4}}, "effects[0].modifier.attack_die"),
    ({"op": "boost", "modifier": {}}, "effects[0].modifier"),
    ({"op": "boost", "modifier": {"luck": 1}}, "effects[0].modifier"),
])
def test_bad_boost_is_refused_naming_the_card_and_field(effect, key):
    ab = {"id": "b", "kind": "effect", "timing": "activated", "target": "one", "effects": [effect],
          "text": {"ru": "x", "en": "x"}}
    with pytest.raises(DataError) as e:
        parse_cards([{"id": "bad_boost", "abilities": [ab]}], "cards.toml")
    assert e.value.field.startswith(f"card[bad_boost].abilities[b].{key}"), e.value.field


def test_R_BR_FIGHT_the_exact_odds_count_the_blessing():
    """The odds the apps show (odds_for) read the blessed die: a strong strike with nothing back
    (+5 or more) comes from 3 pairs of faces (5-1, 6-1, 6-2), not 1 (6-1)."""
    s = position("A war_priestess b3", "A gorge_warden c3", "B forest_boar c4")
    before = odds_for(s, 2, 3).distribution()
    s.apply("use #1 blessing #2")
    after = odds_for(s, 2, 3).distribution()
    assert before != after
    assert before.get((3, 0), 0) == Fraction(1, 36) and after.get((3, 0), 0) == Fraction(3, 36)
