"""«Не открывается в следующий ход» (seed 003, 502.8, its second example): the `stay_closed`
effect (HR-502.8), and its end with the turn (HR-503.1).

The seed: «"Не открывается в следующий ход". Ни одна карта не может открыть карту с такой
способностью.» A reflexive "cannot" ability: the card is not opened at the start of its owner's
next turn, and until that turn ends no card can open it.
"""
from berserk_kernel.berserk import position


def entries(s, start=0):
    return [(e.rule_id, e.kind) for e in s.log[start:]]


def test_HR_502_8_seed_example_does_not_open_in_the_next_turn_and_no_card_can_open_it(assert_illegal):
    """HR-502.8, the seed's second example, played turn by turn: the troll strikes, its own
    «после удара закрывается и не открывается в следующий ход» resolves; at the start of its
    owner's next turn (turn 3) it stays closed, and the menhir's «открыть своё существо» cannot
    target it; the effect ends with turn 3 (HR-503.1) and the troll opens in turn 5."""
    s = position("A raging_troll c3", "B gorge_warden c4", "A rune_menhir a1", "B deep_stonecutter e6",
                 forced=[1, 1])
    s.apply("strike #1 #2")        # white 1, black 1: weak 2, armour 1 -> 1 wound; the rage fires
    assert s.cards[2].wounds == 1
    while s.stage == "queue":
        s.apply("pass")
    troll = s.cards[1]
    assert troll.closed and [(e.what, e.until) for e in troll.lasting] == [("stay_closed", 3)]
    stay = [e for e in s.log if e.rule_id == "HR-502.8"]
    assert [e.kind for e in stay] == ["close"]
    assert stay[0].ru == "«Разъярённый тролль» (#1) закрыт и не откроется в следующий ход своего владельца."
    assert stay[0].en == "Raging Troll (#1) is closed and will not open in its owner's next turn."
    # already in turn 1 the menhir has no legal target: the troll is the only creature of A
    assert not [a for a in s.legal_actions() if a.kind == "use"]
    assert_illegal(s, "use #3 awaken #1", "HR-502.8")
    s.apply("end")
    n = len(s.log)
    s.apply("end")                 # B's turn 2 passes
    assert s.turn == 3 and s.active == 0
    assert troll.closed            # the turn start opened nothing of the troll
    assert ("HR-502.8", "open") in entries(s, n)
    line = next(e for e in s.log[n:] if e.rule_id == "HR-502.8")
    assert line.ru == "«Разъярённый тролль» (#1) не открывается: действует «Не открывается в следующий ход»."
    err = assert_illegal(s, "use #3 awaken #1", "HR-502.8")
    assert err.en == "Raging Troll (#1) is under 'Does not open in its next turn': no card can open it."
    assert_illegal(s, "strike #1 #2", "BR-9.2")
    assert [str(a) for a in s.legal_actions()] == ["end"]
    s.apply("end")
    assert ("HR-503.1", "expire") in entries(s, n) and troll.lasting == ()
    s.apply("end")
    assert s.turn == 5 and not troll.closed and troll.moves == 1
    assert "strike #1 #2" in [str(a) for a in s.legal_actions()]


def test_HR_502_8_stay_closed_on_an_enemy_holds_through_its_owners_next_turn(assert_illegal):
    """HR-502.8: a spell binds an enemy creature in A's turn 1; its owner's next turn is turn 2:
    it is not opened then and B's own menhir cannot open it; the effect ends with turn 2
    (HR-503.1) and the creature opens in B's turn 4."""
    s = position("A frost_binder c2", "B deadfall_wolf c4", "B rune_menhir e6", "A deep_stonecutter a1")
    s.apply("use #1 bind #2")
    wolf = s.cards[2]
    assert s.cards[1].closed and wolf.closed and [(e.what, e.until) for e in wolf.lasting] == [("stay_closed", 2)]
    s.apply("end")
    assert s.turn == 2 and wolf.closed and not s.cards[3].closed
    err = assert_illegal(s, "use #3 awaken #2", "HR-502.8")
    assert err.ru == "На «Волк из бурелома» (#2) действует «Не открывается в следующий ход»: ни одна карта не может его открыть."
    assert not [a for a in s.legal_actions() if a.kind == "use"]
    n = len(s.log)
    s.apply("end")
    expired = [e for e in s.log[n:] if e.rule_id == "HR-503.1" and e.kind == "expire"]
    assert len(expired) == 1 and expired[0].data["card"] == 2 and wolf.lasting == ()
    assert s.turn == 3 and wolf.closed        # A's turn: B's cards are not opened
    s.apply("end")
    assert s.turn == 4 and not wolf.closed


def test_HR_502_8_an_open_declared_before_the_binding_opens_nothing():
    """HR-502.8 at resolution: A's menhir declares «open» on A's closed boar; B answers with an
    instant binding; the answer resolves first (BR-14), so when the opening resolves the boar
    does not open ("no card can open it"), and the log says why."""
    binder = {"id": "ice_shard", "abilities": [
        {"id": "freeze", "kind": "spell", "timing": "instant", "cost": {"close": True}, "target": "one",
         "filter": {"side": "enemy", "types": ["creature"]}, "effects": [{"op": "stay_closed"}],
         "text": {"ru": "Внезапно: существо закрывается и не открывается в следующий ход",
                  "en": "Instant: a creature closes and does not open in its next turn"}}]}
    s = position("A rune_menhir a1", "A forest_boar c2 closed", "B ice_shard e6", cards=[binder])
    s.apply("use #1 awaken #2")
    s.apply("use #3 freeze #2")
    while s.stage == "queue":
        s.apply("pass")
    boar = s.cards[2]
    assert boar.closed and [(e.what, e.until) for e in boar.lasting] == [("stay_closed", 3)]
    refused = [e for e in s.log if e.rule_id == "HR-502.8" and e.kind == "open"]
    assert len(refused) == 1 and refused[0].data["card"] == 2
    assert refused[0].en == "Forest Boar (#2) does not open: 'Does not open in its next turn' holds."
    assert not any(e.rule_id == "BR-9.2" and e.kind == "open" for e in s.log)
