"""The battle list's shortcuts for protections and its shared action objects, cross-checked
against the explaining kernel (issue 10, search speed).

- `reach.Scan` asks `protected` only for a card `maybe_in` names (a card carrying a protection
  or lasting effects, the carrier of a protecting card attached), and not at all for a kind no
  card of the set protects from. The demo set protects only from a shot and a throw, so here a
  card set where creatures and the shield also protect from simple strikes is played: the legal
  lists must be the explaining lists (tests/test_fastpath_candidates.py), in their order.
- `interned`: the legal lists share one `Action` per fields; an action object kept from an
  older list is checked again unless it is in the position's own list.
- `queue._instants_in_play`: settle's one question for both seats before asking `has_answer`.
- `targets.modifier`: a card without lasting effects and with nothing attached on its side
  reads only its own constants (their sum kept per card definition).
"""
from __future__ import annotations

import dataclasses

import pytest

from berserk_kernel.berserk import interned, new_game, position, queue
from berserk_kernel.berserk.actions import Action
from berserk_kernel.berserk.agents import choose
from berserk_kernel.berserk.cards import demo_cards
from berserk_kernel.berserk.queue import in_play
from berserk_kernel.berserk.lasting import bonus
from berserk_kernel.berserk.targets import abilities_of, carried, modifier, protected_from
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import IllegalAction

from .test_fastpath_candidates import explaining_legal, positions

# creatures of both demo decks that protect themselves from simple strikes here
GUARDED = ("gorge_warden", "stubborn_shieldbearer", "skeleton_spearman", "fen_militiaman")


def guarded_cards() -> dict:
    """The demo set with protections from strikes: the shield lends one to its carrier (with
    the shot), some creatures carry their own."""
    defs = dict(demo_cards())
    shield = defs["iron_bound_shield"]
    lent = dataclasses.replace(shield.abilities[0], protection=("shot", "strike"))
    defs["iron_bound_shield"] = dataclasses.replace(shield, abilities=(lent,) + shield.abilities[1:])
    own = dataclasses.replace(lent, id="strike_guard", applies_to="self")
    for cid in GUARDED:
        if cid in defs:
            defs[cid] = dataclasses.replace(defs[cid], abilities=defs[cid].abilities + (own,))
    return defs


def guarded_positions(seeds, vocab: bool):
    """`positions` of test_fastpath_candidates with the guarded card set."""
    return positions("vocab" if vocab else "classic", seeds, defs=guarded_cards())


def test_the_guarded_set_is_what_the_test_means():
    defs = guarded_cards()
    assert sum(1 for cid in GUARDED if cid in defs) >= 3
    assert "strike" in defs["iron_bound_shield"].abilities[0].protection


@pytest.mark.parametrize("vocab,seeds,least", [(False, range(0, 40), 2000), (True, range(0, 30), 1000)])
def test_battle_lists_with_protections_from_strikes_are_the_explaining_lists(vocab, seeds, least):
    n = guarded = carried = 0
    for s, legal in guarded_positions(seeds, vocab):
        assert legal == explaining_legal(s), (s.turn, s.stage)
        enemy = 1 - s.to_move
        shielded = [u for u, c in s.cards.items() if c.in_play and c.owner == enemy and not c.face_down
                    and protected_from(s, u, "strike")]
        guarded += bool(shielded)
        carried += any(s.cards[u].card not in GUARDED for u in shielded)    # by the shield it carries
        n += 1
    assert n >= least, n
    assert guarded >= 200, guarded          # positions where some enemy card cannot be struck
    if not vocab:
        assert carried >= 10, carried       # ... because of the shield attached to it


def test_listed_actions_are_shared_and_equal_to_the_checked_constructor():
    s = new_game(seed=5)
    dice = Dice(5)
    while s.phase != "battle":
        s.apply(choose(s, dice), history=False)
    first = s.legal_actions()
    again = s.legal_actions()
    for a, b in zip(first, again):
        assert a is b                       # one object per fields, whichever list
        assert tuple.__eq__(a, Action(*a)) and type(a) is Action
    assert interned.MOVE[3][7] is interned.MOVE[3][7] == Action("move", 3, None, 7)
    assert interned.STRIKE[3][9] == Action("strike", 3, 9)
    assert interned.CARD["gather"][3] == Action("gather", 3)
    assert interned.USE[3, "shot"][9] == Action("use", 3, None, None, "shot", (9,))
    assert interned.USE[3, "heal"][None] == Action("use", 3, None, None, "heal", ())


def test_tables_stop_growing_at_their_cap(monkeypatch):
    made = []
    table = interned._Table(lambda k: made.append(k) or ("made", k))
    monkeypatch.setattr(interned, "KEPT", [0])
    monkeypatch.setattr(interned, "CAP", 1)
    assert table[1] == ("made", 1) and table[2] == ("made", 2)
    assert list(table) == [1] and interned.KEPT == [1]    # the first kept, the second made, not kept
    assert table[1] == ("made", 1) and table[2] == ("made", 2)
    assert made == [1, 2, 2]


def test_an_action_from_an_older_list_is_checked_again():
    s = position("A gorge_warden c2", "B bog_troll e5")
    before = s.legal_actions()
    move = next(a for a in before if a.kind == "move")
    s.apply(move, history=False)            # from this position's own list: not checked again
    after = s.legal_actions()
    assert move not in after                # the card stands there now
    key, n_log = s.key(), len(s.log)
    with pytest.raises(IllegalAction):
        s.apply(move, history=False)        # the same object, but not in this position's list
    assert s.key() == key and len(s.log) == n_log
    stay = next(a for a in after if a.kind == "end")
    assert stay is next(a for a in before if a.kind == "end")
    s.apply(stay, history=False)            # shared and listed here: applied
    assert s.turn == 2


def test_instants_in_play_is_the_explaining_question_for_both_seats():
    """settle lets both players pass at once when `queue._instants_in_play` says neither holds an
    open card with an instant ability in play: the question `has_answer` asks first, per seat."""
    seen = {True: 0, False: 0}
    for s, _legal in guarded_positions(range(100, 110), False):
        want = any(not s.cards[u].closed and any(ab.timing == "instant" for ab in abilities_of(s, u))
                   for seat in (0, 1) for u in in_play(s, seat))
        assert queue._instants_in_play(s) is want
        seen[want] += 1
    for s, _legal in guarded_positions(range(10, 14), True):
        want = any(not s.cards[u].closed and any(ab.timing == "instant" for ab in abilities_of(s, u))
                   for seat in (0, 1) for u in in_play(s, seat))
        assert queue._instants_in_play(s) is want
        seen[want] += 1
    assert min(seen.values()) >= 50, seen


def modifier_by_carried(s, uid, name):
    """targets.modifier as it reads `carried` (the reference for its shortcut)."""
    c = s.cards.get(uid)
    if c is None or not c.in_play:
        return 0
    total = sum(v for a in carried(s, uid) for k, v in a.modifier if k == name)
    return total + bonus(c, name) if c.lasting else total


def test_modifier_is_the_sum_over_carried_abilities():
    """modifier's shortcut (a card without lasting effects and nothing attached to its side reads
    only its own constants, summed once per definition) against the sum over `carried`."""
    seen = set()
    for vocab, seeds in ((False, range(200, 215)), (True, range(20, 26))):
        for s, _legal in guarded_positions(seeds, vocab):
            for u, c in s.cards.items():
                for name in ("attack_die", "defence_die", "armour"):
                    got = modifier(s, u, name)
                    assert got == modifier_by_carried(s, u, name), (u, name)
                    if got and c.in_play:
                        seen.add((name, bool(c.lasting), c.zone == "field" and bool(s.seats[c.owner].attached)))
    assert ("armour", False, True) in seen and ("armour", False, False) in seen, seen
    assert any(lasting for _, lasting, _ in seen), seen


@pytest.mark.parametrize("table", ["MOVE", "STRIKE", "USE"])
def test_the_cap_bounds_memory_when_every_card_has_a_table_of_its_own(monkeypatch, table):
    """Hostile scenario uids (every card its own inner table with one action) stay within the
    budget the module promises (some 15 MB; an inner table costs several actions' worth)."""
    import gc
    import tracemalloc
    monkeypatch.setattr(interned, "KEPT", [0])
    fresh = {"MOVE": interned._Table(lambda u: interned._by_second("move", u), interned.TABLE_COST),
             "STRIKE": interned._Table(lambda u: interned._by_second("strike", u), interned.TABLE_COST),
             "USE": interned._Table(lambda key: interned._by_target(key), interned.TABLE_COST)}[table]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        u = 1
        while interned.KEPT[0] < interned.CAP:
            if table == "USE":
                fresh[u, f"ability_{u}"][u + 1]
            else:
                fresh[u][3]
            u += 1
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert interned.KEPT[0] >= interned.CAP
    assert grown < 16e6, grown
