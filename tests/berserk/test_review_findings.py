"""Positions found by the review: each test pins a place where the kernel contradicted the seeds,
the rulings or its own contract (legal_actions, apply, to_dict/from_dict)."""
from berserk_kernel.berserk import BerserkState, position
from berserk_kernel.berserk.position import parse_card_spec


def heroes_position(*specs, active=0, turn=3, forced=()):
    """A Heroes-mode battle position: the two heroes are added after the given cards."""
    cards = [dict(parse_card_spec(sp, i), uid=i + 1) for i, sp in enumerate(specs)]
    n = len(cards)
    cards += [{"uid": n + 1, "card": "warlord_of_the_peaks", "owner": 0, "zone": "aux"},
              {"uid": n + 2, "card": "marsh_princess", "owner": 1, "zone": "aux"}]
    return BerserkState.from_dict({
        "cards": cards, "phase": "battle", "active": active, "turn": turn, "mode": "heroes",
        "players": [{"hero": n + 1, "coins": 3, "coins_open": 3}, {"hero": n + 2, "coins": 3, "coins_open": 3}],
        "dice": {"seed": 1, "forced": list(forced)}}, "<test>")


def test_R_BR_POISON_a_loaded_position_plays_on_exactly_like_the_original():
    """R-BR-POISON, to_dict/from_dict: a saved and loaded position must go on exactly like the
    original. The kernel walks its cards in creation (uid) order, so a loaded position must too:
    the poison of #2 (on the field) and #3 (in the aux zone) ticks in the same order."""
    s = position("A herdsman c2", "B deep_stonecutter c5 poison=1", "B pass_eagle aux poison=1")
    loaded = BerserkState.from_dict(s.to_dict())
    assert loaded.state_hash() == s.state_hash()
    s.apply("end")
    loaded.apply("end")
    assert loaded.state_hash() == s.state_hash()
    ticks = [e.data["card"] for e in loaded.log if e.rule_id == "R-BR-POISON" and e.kind == "poison"]
    assert ticks == [2, 3]


def test_R_HEROES_the_hero_neither_moves_nor_strikes(assert_illegal):
    """R-HEROES: the hero has no strike and does not move. A strike by the hero at a creature on
    the field crashed the check (it has no cell); a `prepare` by the hero against a side with only
    flyers left was accepted by apply() though legal_actions() never lists it."""
    s = heroes_position("A deep_stonecutter b2", "B deadfall_wolf c4", "B pass_eagle aux")
    hero = s.seats[0].hero
    assert_illegal(s, f"strike #{hero} #2", "R-HEROES")
    assert_illegal(s, f"strike #{hero} #3", "R-HEROES")
    s2 = heroes_position("A deep_stonecutter b2", "B pass_eagle aux")
    hero = s2.seats[0].hero
    assert "prepare #1" in [str(a) for a in s2.legal_actions()]
    assert_illegal(s2, f"prepare #{hero}", "R-HEROES")
    assert_illegal(s2, f"move #{hero} c3", "R-HEROES")


def test_BR_11_1_striking_the_hero_keeps_the_earned_strike_at_a_flyer():
    """BR-11.1, R-HEROES: a ground creature that closed to earn a strike at a flyer keeps it
    until it strikes a flyer; the hero stands in the aux zone but is no flyer, and a ground
    creature reaches it from row 3 of the enemy half without the earned strike."""
    s = heroes_position("A deep_stonecutter c6 flyerstrike", "B pass_eagle aux", forced=[1])
    hero = s.seats[1].hero
    s.apply(f"strike #1 #{hero}")
    if s.pending:
        s.apply("nodefend")
    assert s.cards[hero].wounds == 1
    assert s.cards[1].flyer_strike is True


def test_HR_declaration_an_ability_that_names_no_cell_refuses_one(assert_illegal):
    """HR-declaration: only a `move` ability names a cell. A self, host or mass ability declared
    with a cell was accepted by apply() (and written into the queue and the record) though
    legal_actions() lists it only without one."""
    s = position("A deep_stonecutter c2 wounds=2", "A plantain_brew on=1", "B herdsman e6")
    assert [str(a) for a in s.legal_actions() if a.kind == "use"] == ["use #2 drink"]
    assert_illegal(s, "use #2 drink c3", "HR-declaration")
    s2 = position("A rockfall_stone a1 tokens=3", "A deep_stonecutter b2", "B skeleton_spearman c5")
    assert_illegal(s2, "use #1 rockfall c3", "HR-declaration")
    s3 = position("B stubborn_shieldbearer c5", "A herdsman a1", active=1)
    assert_illegal(s3, "use #1 challenge c4", "HR-declaration")


def test_BR_1_a_finished_game_leaves_no_trigger_or_queue_waiting():
    """BR-1, R-QUEUE: when the last enemy creature dies the game is over; its "dies" trigger
    never resolves, so the finished position must not still say that triggers wait to be
    declared (the Heroes mode already empties queue and triggers at its end, HR-503.1)."""
    s = position("A forest_archer c2", "B fen_militiaman c5 wounds=1")
    s.apply("use #1 shot #2")
    assert s.phase == "over" and s.winner == 0
    assert s.fired == [] and s.queue == [] and s.stage == "over"
    assert s.legal_actions() == []
    loaded = BerserkState.from_dict(s.to_dict())
    assert loaded.state_hash() == s.state_hash() and loaded.stage == "over"
