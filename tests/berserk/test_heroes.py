"""The Heroes mode (R-HEROES): heroes, coins, hiring, accumulation with draws, HR-503.1 losses."""
import pytest

from berserk_kernel.berserk import new_game
from berserk_kernel.berserk.agents import play_random
from berserk_kernel.berserk.record import make_record, replay_record
from berserk_kernel.core.errors import DataError

from .invariants import check_invariants


def heroes_game(seed=3):
    s = new_game(seed=seed, mode="heroes")
    s.apply(s.legal_actions()[0])          # the roll winner chooses
    return s


def test_R_HEROES_set_up_heroes_hands_coins():
    """R-HEROES: after the choice each hero is in its owner's auxiliary zone, each player holds a
    hand of 5, and the first turn's accumulation gives the first player one open coin and a draw."""
    s = heroes_game()
    assert s.phase == "battle" and s.turn == 1 and s.active == 0
    for seat in (0, 1):
        hero = s.cards[s.seats[seat].hero]
        assert hero.zone == "aux" and s.defs[hero.card].type == "hero"
    assert len(s.seats[0].hand) == 6 and len(s.seats[1].hand) == 5
    assert s.seats[0].coins == s.seats[0].coins_open == 1
    assert any(e.rule_id == "R-HEROES" and e.kind == "coins" for e in s.log)


def test_R_HEROES_hire_pays_coins_and_enters_closed():
    """R-HEROES, HR-prepayment, HR-payment: hiring pays the cost in open coins; the card enters
    closed on a free cell of the player's half."""
    s = heroes_game()
    p = s.seats[0]
    p.coins = p.coins_open = 10
    hires = [a for a in s.legal_actions() if a.kind == "hire"]
    assert hires
    a = next(h for h in hires if h.cell is not None)
    cost = s.defs[s.cards[a.card].card].cost
    s.apply(a)
    c = s.cards[a.card]
    assert c.zone == "field" and c.cell == a.cell and c.closed
    assert p.coins_open == 10 - cost
    assert any(e.rule_id == "HR-payment" for e in s.log)


def test_R_HEROES_cannot_hire_without_coins():
    """HR-prepayment: without enough open coins nothing is hired."""
    s = heroes_game()
    s.seats[0].coins_open = 0
    costly = next(u for u in s.seats[0].hand if s.defs[s.cards[u].card].cost > 0)
    v = s.explain(f"hire #{costly} c2")
    assert not v.ok and v.rule_id in ("HR-prepayment", "R-HEROES", "CR-203.1", "BR-6")


def test_HR_503_1_third_failed_draw_loses():
    """HR-503.1: a player who cannot draw from the deck for the third time in the game loses."""
    s = heroes_game()
    s.seats[1].deck.clear()
    for c in list(s.cards.values()):
        if c.owner == 1 and c.zone == "deck":
            del s.cards[c.uid]
    s.seats[1].failed_draws = 2
    s.apply("end")
    assert s.phase == "over" and s.winner == 0
    assert s.log[-1].rule_id == "HR-503.1" and "third time" in s.log[-1].en


def test_HR_503_1_hero_wounds_reaching_its_lives_lose():
    """HR-503.1: when the wounds on a hero reach its starting lives, its player loses."""
    s = heroes_game()
    hero = s.cards[s.seats[1].hero]
    hero.wounds = s.defs[hero.card].lives - 2
    flyer = next(c for c in s.cards.values() if c.owner == 0 and c.zone in ("hand", "deck") and s.defs[c.card].is_flyer)
    # put a flyer of A's into play, open, and let it strike the hero
    s.seats[0].hand.remove(flyer.uid) if flyer.zone == "hand" else s.seats[0].deck.remove(flyer.uid)
    flyer.zone = "aux"
    s.seats[0].aux.append(flyer.uid)
    s.force_dice(6)
    s.apply(f"strike #{flyer.uid} #{hero.uid}")
    if s.pending:
        s.apply("nodefend")
    assert s.phase == "over" and s.winner == 0
    assert any(e.rule_id == "HR-503.1" and "hero" in e.en for e in s.log)


def test_R_HEROES_ground_creatures_reach_the_hero_only_from_the_far_row():
    """R-HEROES: a ground creature strikes the enemy hero only from row 3 of the enemy half."""
    s = heroes_game()
    hero = s.seats[1].hero
    a = next(u for u in s.seats[0].hand if s.defs[s.cards[u].card].kind == "ground")
    c = s.cards[a]
    s.seats[0].hand.remove(a)
    c.zone, c.cell = "field", 27       # c6: row 3 of the second player's half
    s.cells[27] = a
    assert s.explain(f"strike #{a} #{hero}").ok
    s.cells[27], c.cell = None, 12
    s.cells[12] = a
    v = s.explain(f"strike #{a} #{hero}")
    assert not v.ok and v.rule_id == "R-HEROES"


def test_R_HEROES_bad_setup():
    with pytest.raises(DataError) as e:
        new_game(mode="heroes", heroes=("gorge_warden", "marsh_princess"))
    assert e.value.field == "heroes[0]"
    with pytest.raises(DataError):
        new_game(mode="chaos")


@pytest.mark.parametrize("seed", range(40))
def test_R_HEROES_random_games_end_and_replay(seed):
    """R-HEROES: random Heroes games end by HR-503.1 and replay to the same state hash."""
    s = new_game(seed=seed, mode="heroes")
    play_random(s, seed, on_action=lambda st, a: check_invariants(st))
    assert s.phase == "over" and any(e.rule_id == "HR-503.1" for e in s.log)
    assert replay_record(make_record(s)).state_hash() == s.state_hash()


def test_R_HEROES_ranged_attacks_reach_the_hero():
    """R-HEROES, CR-aux-range: a shot reaches the enemy hero in its auxiliary zone."""
    s = heroes_game()
    hero = s.seats[1].hero
    archer = next(c for c in s.cards.values() if c.owner == 0 and s.defs[c.card].id in ("forest_archer", "crag_slinger")
                  and c.zone in ("hand", "deck"))
    lst = s.seats[0].hand if archer.zone == "hand" else s.seats[0].deck
    lst.remove(archer.uid)
    archer.zone, archer.cell = "field", 7
    s.cells[7] = archer.uid
    ab = s.defs[archer.card].abilities[0].id
    assert f"use #{archer.uid} {ab} #{hero}" in [str(a) for a in s.legal_actions()]
    s.apply(f"use #{archer.uid} {ab} #{hero}")
    assert s.cards[hero].wounds == 2
