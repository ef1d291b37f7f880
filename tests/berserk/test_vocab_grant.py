"""An effect that gives a card an ability for a time: the `grant` effect and `granted = true`
abilities (CR-204.4: a card's gained abilities, lost when it leaves play), their end with the
turn (HR-503.1), and the source check at declaration (HR-source, HR-declared-persists)."""
import pytest

from berserk_kernel.berserk import BerserkState, ability_odds, position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.core.errors import DataError


def uses(s):
    return sorted(str(a) for a in s.legal_actions() if a.kind == "use")


def test_CR_204_4_the_mentor_gives_a_shot_until_the_end_of_the_turn(assert_illegal):
    """CR-204.4: before the lesson the warden has no shot (HR-source refuses it, nothing
    changes); the mentor gives it «Выстрел на 1» until the end of the turn; the warden shoots;
    the mentor itself never had it (granted = true); at the end of the turn it is taken away
    (HR-503.1) and in A's next turn the warden cannot shoot."""
    s = position("A archery_mentor b3", "A gorge_warden c3", "B deep_stonecutter c5", "B deadfall_wolf e6")
    err = assert_illegal(s, "use #2 volley #3", "HR-source")
    assert "volley" in err.en
    assert uses(s) == ["use #1 teach #2"]
    s.apply("use #1 teach #2")
    granted = [e for e in s.log if e.rule_id == "CR-204.4"]
    assert len(granted) == 1 and granted[0].kind == "grant"
    assert granted[0].ru == "«Страж ущелья» (#2) получает способность «Выстрел на 1» до конца хода."
    assert granted[0].en == "Gorge Warden (#2) gains the ability 'Shot for 1' until the end of this turn."
    assert uses(s) == ["use #2 volley #3", "use #2 volley #4"]
    assert ability_odds(s, 2, "volley", 3) == {1: 1}
    s.apply("use #2 volley #3")
    assert s.cards[3].wounds == 1 and s.cards[2].closed
    declared = next(e for e in reversed(s.log) if e.rule_id == "HR-declaration")
    assert declared.ru == "Заявка: «Страж ущелья» (#2) — «Выстрел на 1»; цели: #3."
    resolved = next(e for e in reversed(s.log) if e.rule_id == "R-QUEUE")
    assert resolved.ru == "Выполняется: «Страж ущелья» — «Выстрел на 1»."
    n = len(s.log)
    s.apply("end")
    ended = [e for e in s.log[n:] if e.rule_id == "HR-503.1" and e.kind == "expire"]
    assert len(ended) == 1
    assert ended[0].ru == "Действие «Выстрел на 1» на «Страж ущелья» (#2) закончилось: его срок истёк."
    s.apply("end")
    assert s.turn == 3 and not s.cards[2].closed
    assert_illegal(s, "use #2 volley #3", "HR-source")


def test_HR_source_the_giver_does_not_have_an_ability_it_only_gives(assert_illegal):
    """HR-source: an ability marked `granted = true` is not the mentor's own."""
    s = position("A archery_mentor b3", "B deep_stonecutter c5")
    assert_illegal(s, "use #1 volley #2", "HR-source")


SAGE = {"id": "stone_sage", "abilities": [
    {"id": "harden", "kind": "effect", "timing": "activated", "cost": {"close": True}, "target": "one",
     "filter": {"side": "own", "types": ["creature"], "other": True},
     "effects": [{"op": "grant", "ability": "stone_skin", "turns": 2}],
     "text": {"ru": "Закрыться: своё существо получает «Броня 1» до конца следующего хода",
              "en": "Close: a creature of yours gains 'Armour 1' until the end of the next turn"}},
    {"id": "stone_skin", "kind": "constant", "timing": "constant", "granted": True, "modifier": {"armour": 1},
     "text": {"ru": "Броня 1", "en": "Armour 1"}}]}


def test_CR_204_4_a_granted_constant_armour_works_in_the_opponents_turn():
    """CR-204.4 with a constant: the sage (a card of one's own, with short defaults) gives the
    boar «Броня 1» for two turns; B strikes it in turn 2 and the armour takes one wound
    (BR-17's armour line); the sage has no armour itself; the position with the grant saves
    and loads to the same state hash."""
    s = position("A stone_sage b3", "A forest_boar c3", "B lord_of_the_thicket c4", cards=[SAGE])
    s.apply("use #1 harden #2")
    assert [(e.what, e.until, e.card, e.ability) for e in s.cards[2].lasting] == [("grant", 2, "stone_sage", "stone_skin")]
    data = s.to_dict()
    assert [c["id"] for c in data["own_cards"]] == ["stone_sage"]
    loaded = BerserkState.from_dict(data, "<test>")
    assert loaded.state_hash() == s.state_hash()
    s.apply("end")
    s.force_dice(4, 1)                       # +3: the lord's medium 3
    s.apply("strike #3 #2")
    if s.stage == "pending:defend":
        s.apply("nodefend")
    assert [e.ru for e in s.log if e.rule_id == "BR-17" and e.kind == "armour"] == ["Броня «Лесной вепрь» поглощает 1 рану."]
    assert s.cards[2].wounds == 2            # 3 less the armour
    n = len(s.log)
    s.apply("end")                           # the grant ends with turn 2 (HR-503.1)
    assert [e.data for e in s.log[n:] if e.rule_id == "HR-503.1" and e.kind == "expire"] == [{"card": 2}]
    assert s.cards[2].lasting == ()


def test_a_card_that_leaves_play_loses_what_it_was_given():
    """CR-204.4: gained abilities go with the card when it leaves the play zone."""
    s = position("A archery_mentor b3", "A deadfall_wolf c3", "B lord_of_the_thicket c4", forced=[1, 6])
    s.apply("use #1 teach #2")
    s.apply("strike #2 #3")                  # -5: the lord's medium 3 back kills the wolf (2 lives)
    assert s.cards[2].zone == "graveyard" and s.cards[2].lasting == ()


@pytest.mark.parametrize("abilities, key", [
    ([{"op": "grant", "ability": "nope"}], "abilities[g].effects[0].ability"),     # not on the card
    ([{"op": "grant", "ability": "g"}], "abilities[g].effects[0].ability"),        # itself
    ([{"op": "grant"}], "abilities[g].effects[0]"),                                # names nothing
    ([{"op": "wound", "amount": 1, "ability": "shot"}], "abilities[g].effects[0]"),  # ability off grant
])
def test_bad_grant_is_refused_naming_the_card_and_field(abilities, key):
    g = {"id": "g", "kind": "effect", "timing": "activated", "target": "one", "effects": abilities,
         "text": {"ru": "x", "en": "x"}}
    shot = {"id": "shot", "kind": "shot", "timing": "activated", "target": "one", "granted": True,
            "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "y", "en": "y"}}
    with pytest.raises(DataError) as e:
        parse_cards([{"id": "bad_grant", "abilities": [g, shot]}], "cards.toml")
    assert e.value.field.startswith(f"card[bad_grant].{key}"), e.value.field


@pytest.mark.parametrize("extra", [
    {"timing": "triggered", "trigger": "strikes"},
    {"cost": {"tokens": 1}},
])
def test_a_granted_ability_is_not_triggered_and_costs_no_tokens(extra):
    """docs/rulings.md «Granted abilities»: what may be given."""
    ab = {"id": "gift", "kind": "shot", "timing": "activated", "target": "one", "granted": True,
          "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "y", "en": "y"}, **extra}
    with pytest.raises(DataError) as e:
        parse_cards([{"id": "bad_gift", "abilities": [ab]}], "cards.toml")
    assert e.value.field == "card[bad_gift].abilities[gift].granted"


def test_a_scenario_with_a_bad_lasting_entry_is_refused_naming_the_field():
    """Scenario files: a grant must name a card and one of its abilities."""
    base = {"phase": "battle", "cards": [{"card": "gorge_warden", "owner": 0, "cell": "c3",
                                          "lasting": [{"what": "grant", "until": 1, "card": "gorge_warden", "ability": "nope"}]}]}
    with pytest.raises(DataError) as e:
        BerserkState.from_dict(base, "bad.json")
    assert e.value.source == "bad.json" and e.value.field == "cards[0].lasting[0]"
    base["cards"][0]["lasting"] = [{"what": "shine", "until": 1}]
    with pytest.raises(DataError) as e:
        BerserkState.from_dict(base, "bad.json")
    assert "lasting" in e.value.field


ASSASSIN = {"id": "night_assassin", "abilities": [
    {"id": "slay", "kind": "spell", "timing": "instant", "cost": {"close": True}, "target": "one",
     "filter": {"side": "enemy", "types": ["creature"]}, "effects": [{"op": "destroy"}],
     "text": {"ru": "Внезапно: уничтожить существо", "en": "Instant: destroy a creature"}}]}


def test_HR_declared_persists_a_granted_shot_resolves_after_its_user_is_gone():
    """HR-declared-persists: the warden declares its given shot; B answers by destroying the
    warden (BR-14: the answer resolves first); the shot still resolves, as declared, and the
    warden's gifts went with it to the graveyard (CR-204.4)."""
    s = position("A archery_mentor b3", "A gorge_warden c3", "B deep_stonecutter c5", "B night_assassin e6",
                 cards=[ASSASSIN])
    s.apply("use #1 teach #2")
    while s.stage == "queue":
        s.apply("pass")                      # B could answer with the assassin; it waits
    s.apply("use #2 volley #3")
    s.apply("use #4 slay #2")
    while s.stage == "queue":
        s.apply("pass")
    assert s.cards[2].zone == "graveyard" and s.cards[2].lasting == ()
    assert any(e.rule_id == "HR-declared-persists" for e in s.log)
    assert s.cards[3].wounds == 1
