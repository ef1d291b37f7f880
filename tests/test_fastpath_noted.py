"""Noted legal lists: `apply` WITH history trusts an action object of the position's own legal
list when the position is provably the one the list was made for (issue 10, apply+undo).

A position played with undo marks (``_noting``, set by the first apply with history) notes, with
each legal list it keeps, what it was (`undo.note_listed`: the journal's last entry, `MINTED`,
its own fields, copies of its cells, seats, pending, queue and fired triggers); an apply with
history trusts the list only while `undo.unchanged` finds the same, and drops the list when it
does not. Cross-checked here against the explaining path (the action re-read from its text, a
new object that is parsed and checked) over thousands of actions at random positions, and
against hand edits of every kind after `legal_actions()`: each is seen, the action is checked
(and refused where the edit made it illegal, with the explaining rule, the position unchanged).
"""
from __future__ import annotations

import random

import pytest

from berserk_kernel.berserk import new_game, position, undo
from berserk_kernel.berserk.agents import choose
from berserk_kernel.berserk.game import BerserkState
from berserk_kernel.berserk.zones import MINTED, CardState
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import IllegalAction

from .test_fastpath_apply import texts


@pytest.fixture
def checks(monkeypatch):
    """How many times the kernel checked an action (BerserkState._check calls)."""
    n = [0]
    real = BerserkState._check

    def counted(self, a):
        n[0] += 1
        return real(self, a)

    monkeypatch.setattr(BerserkState, "_check", counted)
    return n


@pytest.mark.parametrize("mode,seeds,least", [("classic", range(8), 2000), ("heroes", range(4), 800)])
def test_a_trusted_action_equals_the_checked_one(checks, mode, seeds, least):
    """Games played with history: at every position, up to 8 listed actions are applied (not
    checked) and undone, each compared with its text applied on a copy (checked): the same key,
    log texts, next legal list (and state hash at one position in five); after the undo the same
    key and the same list; redo trusted too, equal to the first apply."""
    compared = hashed = 0
    for seed in seeds:
        s = new_game(seed=seed, mode=mode)
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            noted = s.__dict__["_seen"] is not None
            assert noted == bool(s.actions)          # noting from the first apply with history on
            key, n_log, full = s.key(), len(s.log), rng.random() < 0.2
            before = s.state_hash() if full else None
            for a in rng.sample(legal, min(8, len(legal))):
                ref = s.copy()
                ref.apply(str(a))                    # parsed and checked
                # trusted while noted, unless a card was made since anywhere (MINTED moved: the
                # copy's apply may put a new card into a deck), which the note takes for an edit
                seen, kept = s.__dict__["_seen"], s.__dict__["_legal"]
                trusted = seen is not None and kept is not None and seen[1] == MINTED[0]
                n = checks[0]
                s.apply(a)
                assert checks[0] == n + (0 if trusted else 1), (s.turn, s.stage, a)
                assert s.key() == ref.key() and texts(s) == texts(ref), a
                assert s.legal_actions() == ref.legal_actions()
                if full:
                    assert s.state_hash() == ref.state_hash()
                    hashed += 1
                assert s.undo() is a
                assert s.key() == key and len(s.log) == n_log
                if full:
                    assert s.state_hash() == before
                compared += trusted
            if noted and rng.random() < 0.1:
                s.apply(legal[0])
                s.undo()
                seen, kept = s.__dict__["_seen"], s.__dict__["_legal"]
                trusted = seen is not None and kept is not None and seen[1] == MINTED[0]
                n = checks[0]
                s.redo()                             # the listed object, the list noted: trusted
                assert checks[0] == n + (0 if trusted else 1)
                s.undo()
            assert s.legal_actions() == legal
            s.apply(legal[rng.randrange(len(legal))])
    assert compared >= least, compared
    assert hashed >= least // 10, hashed


def _noted_battle(seed=1, kind="strike"):
    """A battle position with an action of `kind` listed, played with undo (its list noted)."""
    s = new_game(seed=seed)
    d = Dice(seed)
    while s.stage != "battle" or not any(a.kind == kind for a in s.legal_actions()):
        s.apply(choose(s, d), history=False)
    a = s.legal_actions()[0]
    s.apply(a)                                       # played with an undo mark: noting from now on
    s.undo()
    listed = s.legal_actions()
    assert s.__dict__["_seen"] is not None
    return s, listed


def _other_card(s, owner):
    return next(u for u, c in s.cards.items() if c.owner == owner and c.zone == "deck")


def _edit_card(s, a):
    s.cards[a.card].closed = True                    # the reviewer's reproducer: the striker closed


def _edit_seat_field(s, a):
    s.seats[s.active].gold += 1


def _edit_seat_list(s, a):
    s.seats[s.active].graveyard.append(_other_card(s, s.active))


def _edit_seat_replaced(s, a):
    s.seats[1 - s.active] = s.copy().seats[1 - s.active]


def _edit_own_field(s, a):
    s.attacks_made += 1


def _edit_phase(s, a):
    s.phase = "over"


def _edit_active(s, a):
    s.active = 1 - s.active


def _edit_cells(s, a):
    s.cells[s.cards[a.card].cell] = None             # the striker's cell emptied in place


def _edit_queue(s, a):
    s.queue.append({"source": a.card, "ability": "x", "seat": s.active, "targets": []})


def _edit_new_card(s, a):
    c = s.cards[a.card]
    new = CardState(c.uid, c.card, c.owner, c.zone)  # a card made elsewhere, put in the table
    for f in ("cell", "host", "wounds", "moves", "tokens"):
        setattr(new, f, getattr(c, f))
    new.closed = True
    s.cards[a.card] = new


def _edit_card_taken_out(s, a):
    del s.cards[_other_card(s, s.active)]            # out of the table only (the table's size)


def _edit_card_swapped(s, a):
    c = s.cards.pop(_other_card(s, s.active))        # one out, another in: the same size and next_uid
    u = s.next_uid + 50
    s.cards[u] = CardState(u, c.card, c.owner, "deck")


EDITS = [_edit_card, _edit_seat_field, _edit_seat_list, _edit_seat_replaced, _edit_own_field, _edit_phase,
         _edit_active, _edit_cells, _edit_queue, _edit_new_card]


@pytest.mark.parametrize("edit", EDITS, ids=lambda f: f.__name__[6:])
def test_a_hand_edit_after_the_list_is_seen(checks, edit):
    """After any hand edit the listed action is checked again, the list dropped, and the outcome
    is the explaining one: refused with the rule `explain` gives (the position unchanged), or
    applied as its text is on a copy."""
    s, listed = _noted_battle()
    strike = next(a for a in listed if a.kind == "strike")
    n = checks[0]
    s.apply(strike)                                  # control: unedited, trusted
    assert checks[0] == n
    s.undo()
    edit(s, strike)
    assert undo.unchanged(s) is False
    verdict = s.explain(strike)
    ref = s.copy()
    before = s.state_hash()
    n = checks[0]
    if verdict.ok:
        s.apply(strike)
        assert checks[0] == n + 1
        ref.apply(str(strike))
        assert s.state_hash() == ref.state_hash()
    else:
        with pytest.raises(IllegalAction) as e:
            s.apply(strike)
        assert checks[0] == n + 1
        assert e.value.rule_id == verdict.rule_id and s.state_hash() == before
    assert s.__dict__["_legal"] is None              # not known good any more


@pytest.mark.parametrize("edit", [_edit_card_taken_out, _edit_card_swapped], ids=lambda f: f.__name__[6:])
def test_a_hand_edit_of_the_table_alone_is_seen(checks, edit):
    """A card taken out of the table (its deck list untouched), or taken out with another put in
    (the same size and next_uid): the listed action is checked again and the list dropped; the
    outcome is the one of the action's text on a copy (the edited table has a deck uid without
    its card, so the position is compared by key: `to_dict` reads every deck)."""
    s, listed = _noted_battle()
    strike = next(a for a in listed if a.kind == "strike")
    edit(s, strike)
    assert undo.unchanged(s) is False
    ref = s.copy()
    n = checks[0]
    s.apply(strike)
    assert checks[0] == n + 1 and s.__dict__["_legal"] is None
    ref.apply(str(strike))
    assert s.key() == ref.key() and texts(s) == texts(ref)


def test_the_reviewers_edits_are_refused():
    for edit, rule in ((_edit_card, "BR-9.2"), (_edit_phase, "BR-1"), (_edit_new_card, "BR-9.2")):
        s, listed = _noted_battle()
        strike = next(a for a in listed if a.kind == "strike")
        edit(s, strike)
        with pytest.raises(IllegalAction) as e:
            s.apply(strike)
        assert e.value.rule_id == rule, edit


def test_an_edited_pending_answer_is_seen(checks):
    """A defender's choice (pending:defend, an exact list): the pending entry edited in place."""
    s = new_game(seed=2)
    d = Dice(2)
    for _ in range(2000):
        if s.stage == "pending:defend" and len(s.legal_actions()) > 1:
            break
        s.apply(choose(s, d), history=False)
    assert s.stage == "pending:defend"
    s.apply(s.legal_actions()[-1])
    s.undo()
    listed = s.legal_actions()
    n = checks[0]
    s.apply(listed[0])
    assert checks[0] == n                            # noted and unchanged: trusted
    s.undo()
    s.pending["target"] = s.pending["attacker"]      # in place
    assert undo.unchanged(s) is False
    verdict = s.explain(listed[0])
    ref = s.copy()
    before = s.state_hash()
    n = checks[0]
    if verdict.ok:
        s.apply(listed[0])
        assert checks[0] == n + 1
        ref.apply(str(listed[0]))
        assert s.state_hash() == ref.state_hash()
    else:
        with pytest.raises(IllegalAction) as e:
            s.apply(listed[0])
        assert checks[0] == n + 1
        assert e.value.rule_id == verdict.rule_id and s.state_hash() == before


def test_an_edit_before_the_first_mark_stays_seen_after_undo(checks):
    """An edit that keeps the action legal: the action is checked and applied; its undo mark (the
    first: the journal starts empty there) must not bring the old list back as good."""
    s, listed = _noted_battle()
    move = next((a for a in listed if a.kind == "move"), None) or listed[-1]
    other = next(a for a in listed if a is not move)
    s.seats[s.active].gold += 1                      # harmless for the action, but an edit
    n = checks[0]
    s.apply(move)
    s.undo()
    s.apply(other)
    assert checks[0] == n + 2
    s.undo()


def test_a_scenario_position_with_unbound_cards(checks):
    """Cards made by a scenario are bound to the journal when the list is noted: an edit of one
    goes to the journal and is seen."""
    s = position("A gorge_warden c2", "B bog_troll c3")
    listed = s.legal_actions()
    s.apply(listed[0])
    s.undo()
    listed = s.legal_actions()
    strike = next(a for a in listed if a.kind == "strike")
    n = checks[0]
    s.apply(strike)
    s.undo()
    assert checks[0] == n
    s.cards[strike.card].closed = True
    with pytest.raises(IllegalAction) as e:
        s.apply(strike)
    assert e.value.rule_id == "BR-9.2" and checks[0] == n + 1


def test_play_and_search_positions_keep_no_notes(checks):
    """Positions applied without history (play, search's clones) note nothing: their lists cost
    what they did, and an apply with history of such a list checks the action; a copy or a clone
    of a noting position starts without notes."""
    s = new_game(seed=4)
    d = Dice(4)
    for _ in range(60):
        s.apply(choose(s, d), history=False)
        assert s.__dict__["_seen"] is None
    listed = s.legal_actions()
    assert s.__dict__.get("_seen") is None
    n = checks[0]
    s.apply(listed[0])
    assert checks[0] == n + 1
    s.undo()
    s.legal_actions()
    assert s.__dict__["_seen"] is not None
    for other in (s.copy(), s.clone(), s.clone(quiet=True)):
        assert other.__dict__.get("_noting") is None
        other.legal_actions()
        assert other.__dict__["_seen"] is None
