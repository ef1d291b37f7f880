"""The apply path's fast paths cross-checked against the explaining kernel, over thousands of
random positions of classic Berserk and the Heroes mode.

Fast paths under test:
- `apply(a)` WITH history of an action object from the current legal list skips parsing and
  checking it when the list was noted and the position is unchanged since
  (tests/test_fastpath_noted.py), and an undo mark keeps the legal list of its position, so
  after `undo()` the list is trusted again (compared with the action re-read from its text, a
  new object that is fully checked, and with a fresh `legal_actions()`);
- `queue.settle` checks victory only after steps that may move a card (compared with
  `check_victory` asked on a copy at every settled position: it never finds a missed end);
- the once-a-game HR-503.1 line found through a kept log index instead of a scan of the log
  (compared with the scan);
- `_log` builds its entries without `LogEntry.__init__`, from a message key and its arguments
  without a `Msg` (compared with the constructor given the `Msg`);
- a player's action line is an `ActionLine` whose text and data are made when read (compared
  with the `LogEntry` built from the text and data the line had when it was made at once);
- `key()` reading the cards' kept parts at C speed (compared with a key built from scratch);
- `turn._alive` skipping the scan of the field while the creatures it last found for each seat
  are still there (compared with `has_creatures` of each seat, with stale and random witnesses);
- `effects.remove_dead` picking the wounded cards at C speed (compared with the scan of every
  card in play).
"""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.berserk import effects, turn, zones
from berserk_kernel.berserk.agents import choose
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import IllegalAction
from berserk_kernel.core.i18n import T
from berserk_kernel.core.log import ActionLine, LogEntry
from berserk_kernel.core.messages import Msg

MODES = ("classic", "heroes")
SEEDS = range(6)
MAX_STEPS = 300


def positions(mode: str, seed: int):
    """Every position of a seeded random game (history=False), with its legal list."""
    s = new_game(seed=seed, mode=mode)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        yield s, legal, rng
        s.apply(legal[rng.randrange(len(legal))], history=False)


def texts(s) -> tuple:
    return tuple(e.line("ru") for e in s.log), tuple(e.line("en") for e in s.log)


def fresh_key(s) -> tuple:
    """`key()` with every card's kept part dropped first: built from the fields alone."""
    for c in s.cards.values():
        object.__setattr__(c, "_k", None)
    s.__dict__.pop("_ids", None)
    return zones.position_key(s)


@pytest.mark.parametrize("mode", MODES)
def test_a_listed_action_applied_with_history_equals_the_checked_one(mode):
    """apply(listed object) with history = apply(its text) on a copy, with the same dice:
    the same state hash, log texts, key and next legal list; undo returns the same position
    and its legal list (kept by the undo mark for legal_actions() and search's fast path)."""
    compared = 0
    for seed in SEEDS:
        for s, legal, rng in positions(mode, seed):
            if rng.random() > (0.25 if mode == "classic" else 0.08):
                continue
            before_hash, before_key = s.state_hash(), s.key()
            for a in rng.sample(legal, min(3, len(legal))):
                ref = s.copy()
                ref.apply(str(a))                       # a new object: parsed and checked
                s.apply(a)                              # the listed object: not checked again
                assert s.state_hash() == ref.state_hash()
                assert texts(s) == texts(ref)
                assert s.key() == ref.key()
                assert s.legal_actions() == ref.legal_actions()
                assert s.undo() is a
                assert s.state_hash() == before_hash and s.key() == before_key
                # the list of the position came back with the undo mark, and equals a fresh one
                assert s.__dict__["_legal"] == s.copy().legal_actions()
                compared += 1
    assert compared > 150


def test_an_action_not_from_the_list_is_still_checked_after_undo():
    """The trusted list is matched by identity: an equal action spelled anew, or one that is
    illegal, is checked (and refused with its rule, the position unchanged)."""
    s = new_game(seed=3)
    rng = random.Random(3)
    while s.phase != "battle":
        s.apply(rng.choice(s.legal_actions()), history=False)
    legal = s.legal_actions()
    s.apply(legal[0])
    s.undo()
    before = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply("defend #1")              # no attack is waiting for a defender
    assert e.value.rule_id == "BR-9"
    assert s.state_hash() == before
    # a refusal changes nothing, the position's list included; an equal action given as text is
    # checked and applied
    assert s.__dict__["_legal"] == s.copy().legal_actions()
    s.apply(str(legal[0]))
    assert s.actions[-1] == legal[0]


def test_the_trusted_list_is_dropped_by_an_action_and_by_redo():
    s = new_game(seed=5)
    rng = random.Random(5)
    while s.phase != "battle":
        s.apply(rng.choice(s.legal_actions()), history=False)
    legal = s.legal_actions()
    kept = s.__dict__["_legal"]
    assert kept == legal and kept is not legal          # the caller gets a copy
    a = legal[0]
    s.apply(a)
    assert s.__dict__["_legal"] is None
    s.undo()
    assert s.__dict__["_legal"] is kept
    s.redo()
    assert s.__dict__["_legal"] is None
    assert s.actions[-1] is a


@pytest.mark.parametrize("mode", MODES)
def test_settle_never_misses_the_end_of_a_game(mode):
    """After every action the victory check, asked again on a copy, finds nothing new: the
    checks settle leaves out (after a pass, after cancelled triggers) would have found nothing."""
    checked = 0
    for seed in SEEDS:
        for s, legal, rng in positions(mode, seed):
            if s.phase == "battle":
                c = s.copy()
                assert turn.check_victory(c) is False
                assert c.key() == s.key() and len(c.log) == len(s.log)
                checked += 1
    assert checked > 500


def test_who_has_creatures_equals_the_scan_of_each_seat():
    """`turn._alive` (settle's victory check) keeps where it last found a creature of each seat
    and skips the scan while both are still there: at every position of random classic games,
    after undo, on copies, and with the witnesses of another position, it answers as
    `has_creatures` scanning the field and the auxiliary zone of each seat."""
    asked = witnessed = 0
    others = []
    for seed in range(10):
        for s, legal, rng in positions("classic", seed):
            if s.phase != "battle":
                continue
            want = [turn.has_creatures(s, 0), turn.has_creatures(s, 1)]
            before = s.__dict__.get("_alive_at")
            assert turn._alive(s) == want
            witnessed += before is not None and before == s.__dict__.get("_alive_at") and all(want)
            assert turn._alive(s) == want                   # the kept witnesses asked again
            if others and rng.random() < 0.3:
                c = s.copy()
                c._alive_at = rng.choice(others)            # witnesses of another position
                assert turn._alive(c) == want
                # one seat's creatures taken off by hand (its other cards stay): the witnesses
                # of the position or any cells must not answer for that seat
                gone = rng.randrange(2)
                for i, u in enumerate(c.cells):
                    if u is not None and c.cards[u].owner == gone and c.defs[c.cards[u].card].type == "creature":
                        c.cells[i] = None
                c.seats[gone].aux = [u for u in c.seats[gone].aux if c.defs[c.cards[u].card].type != "creature"]
                lost = [turn.has_creatures(c, 0), turn.has_creatures(c, 1)]
                assert not lost[gone]
                aux = [-u for p in s.seats for u in p.aux] or [-1]
                for at in (s.__dict__.get("_alive_at"), (rng.randrange(-1, 30), rng.randrange(-1, 30)),
                           (rng.choice(aux), rng.choice(aux)), (rng.choice(aux), rng.randrange(30))):
                    c._alive_at = at
                    assert turn._alive(c) == lost
            if s.__dict__.get("_alive_at") is not None:
                others.append(s._alive_at)
            if rng.random() < 0.2:
                s.apply(rng.choice(legal))
                s.undo()
                assert turn._alive(s) == want
            asked += 1
    assert asked > 1000 and witnessed > 500, (asked, witnessed)


def test_a_creature_of_an_auxiliary_zone_is_kept_as_its_uid():
    """When a seat's only creatures are flyers in its auxiliary zone, `_alive` keeps the one it
    found (its uid negated) and asks only for it next time; once that flyer is gone the seat is
    looked at again: another flyer still counts, none left is none."""
    s = position("A forest_archer c2", "B pass_eagle aux", "B pass_eagle aux", "B rune_menhir c6")
    first, second = s.seats[1].aux
    assert turn._alive(s) == [True, True]
    assert s._alive_at == (s.cells.index(s.at("c2")), -first)
    calls = []
    real = turn.infos
    try:
        turn.infos = lambda defs: calls.append(1) or real(defs)
        assert turn._alive(s) == [True, True] and not calls          # the witnesses answer alone
        s.seats[1].aux.remove(first)                                  # the remembered flyer taken off
        assert turn._alive(s) == [True, True] and calls               # looked at again: the other
        assert s._alive_at[1] == -second
        s.seats[1].aux.remove(second)
        assert turn._alive(s) == [True, False]
        s.seats[1].aux.append(first)                                  # back, the witness is good again
        s._alive_at = (s._alive_at[0], -first)
        calls.clear()
        assert turn._alive(s) == [True, True] and not calls
    finally:
        turn.infos = real


def _remove_dead_scan(s) -> None:
    """remove_dead as it was written before the pick at C speed: every card in play, in order."""
    in_play = [u for u in s.cells if u is not None]
    for p in s.seats:
        in_play += p.aux
        in_play += p.attached
    for u in in_play:
        c = s.cards[u]
        lives = s.defs[c.card].lives
        if lives and c.wounds >= lives and c.in_play:
            effects.destroy(s, u, "BR-15")


def test_remove_dead_equals_the_scan_of_every_card_in_play():
    """Wounds set at random on the cards in play of random positions (some reaching their
    lives): `effects.remove_dead` destroys the same cards in the same order, with the same
    triggers fired, log and key, as the scan of every card in play."""
    compared = died = 0
    for seed in range(6):
        for s, legal, rng in positions("classic", seed):
            if s.phase != "battle" or rng.random() > 0.5:
                continue
            a, b = s.copy(), s.copy()
            for u in [u for u in s.cells if u is not None]:
                lives = s.defs[s.cards[u].card].lives or 1
                w = rng.choice((0, 0, 1, lives - 1, lives, lives + 1))
                a.cards[u].wounds = b.cards[u].wounds = max(0, w)
            effects.remove_dead(a)
            _remove_dead_scan(b)
            assert a.key() == b.key() and texts(a) == texts(b) and a.fired == b.fired
            died += len(a.log) - len(s.log)
            compared += 1
    assert compared > 300 and died > 300, (compared, died)


def test_the_once_a_game_line_is_found_as_the_scan_finds_it():
    """`_said_once` agrees with a scan of the log at every position, across undo (the log cut
    back) and copies, and the line is in a game's log at most once."""
    seen = 0
    for mode in MODES:
        for seed in SEEDS:
            for s, legal, rng in positions(mode, seed):
                scan = any(e.rule_id == "HR-503.1" and e.kind == "rule" for e in s.log)
                assert turn._said_once(s) is scan
                assert sum(e.rule_id == "HR-503.1" and e.kind == "rule" for e in s.log) <= 1
                if rng.random() < 0.1:
                    a = rng.choice(legal)
                    s.apply(a)
                    s.undo()
                    assert turn._said_once(s) is scan
                    assert turn._said_once(s.clone()) is False       # a clone has no log
                seen += scan
    assert seen > 100


def test_log_entries_equal_those_the_constructor_builds():
    compared = 0
    for mode in MODES:
        for s, legal, rng in positions(mode, 1):
            pass
        for e in s.log:
            if type(e) is ActionLine:
                continue
            # logged by key: the catalog's template (a T) and its arguments, no Msg
            assert type(e) is LogEntry and type(e._msg) is T and type(e._args) is dict
            ref = LogEntry(e.rule_id, e.kind, Msg(e._msg, e._args), None, e.data)
            assert (e.rule_id, e.kind, e.ru, e.en, e.data) == (ref.rule_id, ref.kind, ref.ru, ref.en, ref.data)
            assert e == ref and e.line("en") == ref.line("en")
            compared += 1
    assert compared > 200


def test_log_by_key_or_by_message():
    """`_log` takes a message key of the game's catalog with its arguments, or a `Msg`: the same
    entry; an unknown key raises KeyError and logs nothing."""
    s = new_game(seed=2)
    n = len(s.log)
    s._log("BR-16", "turn", "turn_ends", {"player": "A"}, seat=0)
    s._log("BR-16", "turn", s.MESSAGES.lazy("turn_ends", player="A"), seat=0)
    s._log("BR-7", "stage", "battle_begins")
    by_key, by_msg, no_args = s.log[n:]
    assert by_key == by_msg and by_key.data == {"seat": 0} and by_key._msg is s.MESSAGES.messages["turn_ends"]
    assert (by_key.ru, by_key.en) == tuple(s.MESSAGES("turn_ends", player="A"))
    assert no_args.text("en") == s.MESSAGES("battle_begins").en
    with pytest.raises(KeyError, match="no_such_message"):
        s._log("BR-16", "turn", "no_such_message", {})
    assert len(s.log) == n + 3


@pytest.mark.parametrize("mode", MODES)
def test_the_key_equals_the_key_built_from_scratch(mode):
    """key() one action away (the changed cards' parts built again) equals the key of a copy
    whose cards keep no part at all."""
    compared = 0
    for seed in SEEDS:
        for s, legal, rng in positions(mode, seed):
            if rng.random() > 0.5:
                continue
            s.key()
            a = rng.choice(legal)
            s.apply(a)
            assert s.key() == fresh_key(s.copy())
            s.undo()
            assert s.key() == fresh_key(s.copy())
            compared += 1
    assert compared > 80


def test_a_card_key_part_holds_every_field_of_the_card():
    """`zones.card_key` reads the fields one by one: it holds every slot of a card but the
    journal's two (in slot order, `used` last and only when the card has one), so a field added
    to the card and forgotten there fails here; a change of any field changes the part."""
    s = new_game(seed=3)
    fields = [f for f in zones._CardFields.__slots__ if f not in ("_j", "_k", "used")]
    c = next(iter(s.cards.values())).copy()
    assert zones.card_key(c) == tuple(getattr(c, f) for f in fields)
    c.used = {"b": 2, "a": 1}
    assert zones.card_key(c) == tuple(getattr(c, f) for f in fields) + ((("a", 1), ("b", 2)),)
    for f in fields:
        before = zones.card_key(c)
        setattr(c, f, ("changed", f))
        assert c._k is None and zones.card_key(c) != before, f


def _battle_with_a_strike(seed=1):
    s = new_game(seed=seed)
    d = Dice(seed)
    while s.stage != "battle" or not any(a.kind == "strike" for a in s.legal_actions()):
        s.apply(choose(s, d), history=False)
    return s


def test_apply_with_history_checks_every_action_even_one_from_the_list():
    """A caller's list is a copy, and a hand edit after legal_actions() is seen by the check of
    an apply with history (a list of a position not played with undo has no note: checked; a
    noted list of an edited position: tests/test_fastpath_noted.py)."""
    s = _battle_with_a_strike()
    listed = s.legal_actions()
    strike = next(a for a in listed if a.kind == "strike")
    bad = type(strike)("strike", strike.card, strike.card)          # a card striking itself
    listed.append(bad)                                              # the caller's own list
    before = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply(bad, history=False)
    assert e.value.rule_id == s.explain(bad).rule_id and s.state_hash() == before
    assert bad not in s.legal_actions() and s.legal_actions() is not s.legal_actions()
    s.cards[strike.card].closed = True                              # a hand edit: the striker closed
    rule = s.explain(strike).rule_id
    before = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply(strike)
    assert e.value.rule_id == rule == "BR-9.2" and s.state_hash() == before


def test_an_apply_without_history_drops_what_was_undone():
    s = _battle_with_a_strike(2)
    first = s.legal_actions()[0]
    s.apply(first)
    s.undo()
    assert s.can_redo()
    s.apply(s.legal_actions()[-1], history=False)
    assert not s.can_redo()


@pytest.mark.parametrize("mode", MODES)
def test_action_lines_equal_the_lines_made_at_once(mode):
    """Every action of a game is logged as an `ActionLine`: equal to the `LogEntry` of the text
    «name: action» and the data {seat, action} made from the position before the action, read
    in any order (data first or text first), in a saved and reloaded record too."""
    compared = 0
    for seed in SEEDS:
        s = new_game(seed=seed, mode=mode)
        rng = random.Random(seed)
        made = []
        while not s.is_terminal() and len(s.actions) < MAX_STEPS:
            legal = s.legal_actions()
            a = rng.choice(legal)
            seat = s.to_move
            text = str(a)
            line = f"{s.seats[seat].name}: {text}"
            made.append(LogEntry("", "action", line, line, {"seat": seat, "action": text}))
            s.apply(a, history=rng.random() < 0.5)
        lines = [e for e in s.log if e.kind == "action"]
        assert len(lines) == len(made) == len(s.actions)
        for k, (e, ref) in enumerate(zip(lines, made)):
            assert type(e) is ActionLine and e.rule_id == "" and e.kind == "action"
            if k % 2:
                assert e.data == ref.data and e.ru == ref.ru
            else:
                assert e.en == ref.en and e.data == ref.data
            assert e.data is e.data
            assert e == ref and ref == e and tuple(e) == tuple(ref) and e[3] == ref.en
            assert e.to_dict() == ref.to_dict() and repr(e) == repr(ref)
            assert e.line("ru") == ref.line("ru") == ref.ru and e.text("en") == ref.en
            compared += 1
        for c in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):     # OpenSpiel serializes states
            assert c.log == s.log and type(c.log[-1]) is type(s.log[-1]) and c.state_hash() == s.state_hash()
        loaded = type(s).from_dict(s.to_dict())
        assert loaded.log == s.log and s.log == loaded.log
        assert loaded.log_text("en") == s.log_text("en") and loaded.state_hash() == s.state_hash()
    assert compared > 500
