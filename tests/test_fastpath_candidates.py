"""The battle list built from precomputed tables, cross-checked against the explaining kernel
over thousands of seeded random positions of classic and Heroes games.

Fast paths under test (issue 10, "candidates built from precomputed reach tables"):
- the battle branch of `BerserkState._candidates` (moves, strikes, closing for a flyer,
  gathering, declarations, hiring, end) with `reach.Scan` and the tables of berserk/reach.py;
- `queue.declarable` (declarations in battle and in answer) and `queue.has_answer`.

Two references, both built only from the explaining functions:
- `explaining_candidates`: the builder as it was before the tables, kept here word for word
  (strike.strike_targets -> strike.target_verdict; queue.declarations -> check_source,
  check_payment, targets.legal_targets -> matches, _verdict_matched), every candidate then
  checked with `_check`. The fast list must be this list in the same order (the order is
  observable: seeded agents pick by position in it).
- `every_action`: every move, strike, prepare, gather, declaration (each card in play with each
  ability it has, every target or set of targets among the cards in play, every cell), hire
  and end, each checked with `_check`: the fast list must hold exactly the legal ones.
And games recorded before the tables replay to the same state hashes.
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.berserk import queue, strike, turn
from berserk_kernel.berserk.actions import Action
from berserk_kernel.berserk.agents import WEIGHTS, choose, play_random
from berserk_kernel.berserk.field import ADJACENT_SETS, CELLS, ORTHOGONAL
from berserk_kernel.berserk.heroes import hire_candidates
from berserk_kernel.berserk.queue import declarations, in_play, stage_allows
from berserk_kernel.berserk.targets import abilities_of, host_of, legal_targets, move_cells
from berserk_kernel.berserk.triggers import points
from berserk_kernel.core.dice import Dice


# --- the explaining references -----------------------------------------------------------------

def _act(*fields) -> Action:
    return Action(*fields)


def old_declarations(s, uid, ab, fired=None) -> list:
    """queue.declarations before its targets came from the reach tables (targets.legal_targets:
    matches and _verdict_matched for every card in play)."""
    if queue.check_source(s, queue._act(("use", uid, None, None, ab.id, ())), fired)[1] \
            or queue.check_payment(s, s.cards[uid], ab):
        return []
    seat = s.cards[uid].owner
    mode = ab.target
    if mode == "host" and host_of(s, uid) is None:
        return []
    if mode in ("self", "host", "mass"):
        return [_act("use", uid, None, None, ab.id, ())]
    legal = legal_targets(s, uid, ab, seat, points(s, fired) if fired else ())
    if mode == "choose":
        lo, hi = ab.count
        return [_act("use", uid, None, None, ab.id, combo) for k in range(lo, hi + 1) for combo in combinations(legal, k)]
    if ab.needs_cell:
        return [_act("use", uid, None, cell, ab.id, (t,)) for t in legal for cell in move_cells(s, t)]
    return [_act("use", uid, None, None, ab.id, (t,)) for t in legal]


def old_queue_candidates(s) -> list:
    """queue.candidates before the tables (battle and queue stages)."""
    st, me = s.stage, s.to_move
    out = []
    for c in (s.cards[u] for u in in_play(s, me)):
        if c.closed or c.face_down:
            continue
        for ab in abilities_of(s, c.uid):
            if stage_allows(s, ab, None):
                out.extend(old_declarations(s, c.uid, ab))
    if st == "queue":
        out.append(Action("pass"))
    return out


def old_has_answer(s, seat) -> bool:
    """queue.has_answer before the tables."""
    instants = [u for u in in_play(s, seat)
                if not s.cards[u].closed and any(ab.timing == "instant" for ab in abilities_of(s, u))]
    if not instants:
        return False
    saved = s.priority
    s.priority = seat
    try:
        return any(a.kind == "use" for a in old_queue_candidates(s))
    finally:
        s.priority = saved


def explaining_candidates(s) -> list:
    """BerserkState._candidates in battle before the tables; other stages as they are."""
    st, me = s.stage, s.to_move
    if st == "queue":
        return old_queue_candidates(s)
    if st != "battle":
        return s._candidates()
    out = []
    flyers_only = strike.only_flyers_left(s, 1 - me)
    cards, cells = s.cards, s.cells
    mine = [u for u in cells if u is not None and cards[u].owner == me] + s.seats[me].aux
    for c in (cards[u] for u in mine):
        if c.closed or c.face_down:
            continue
        d = s.defs[c.card]
        if not d.has_strike:
            continue
        if c.zone == "field" and c.moves:
            out.extend(_act("move", c.uid, None, x) for x in ORTHOGONAL[c.cell] if cells[x] is None)
        out.extend(_act("strike", c.uid, t) for t in strike.strike_targets(s, c.uid))
        if flyers_only and c.zone == "field" and not c.flyer_strike:
            out.append(_act("prepare", c.uid))
    out.extend(_act("gather", u) for u in in_play(s, me)
               if not cards[u].closed and not cards[u].face_down
               and any(ab.tokens for ab in s.defs[cards[u].card].abilities))
    out.extend(old_queue_candidates(s))
    if s.mode == "heroes":
        out.extend(hire_candidates(s))
    out.append(Action("end"))
    return out


def explaining_legal(s) -> list:
    return [a for a in explaining_candidates(s) if s._check(a).ok]


def _unordered(a) -> tuple:
    """An action with its targets as a set: a choice of several targets is listed once, in the
    order the cards stand, though `_check` takes them in any order."""
    return (a.kind, a.card, a.other, a.cell, a.ability, tuple(sorted(a.targets)))


def every_action(s) -> set:
    """Every action a player could name in battle or in answer, over the cards in play and
    every cell, kept when `_check` says it is legal (targets as a set, see `_unordered`)."""
    cards = s.cards
    play = [u for u, c in cards.items() if c.in_play]
    hand = [u for p in s.seats for u in p.hand]
    out = [Action("end"), Action("pass")]
    for u in play:
        c = cards[u]
        out += [Action("prepare", u), Action("gather", u)]
        out += [Action("move", u, None, x) for x in CELLS]
        out += [Action("strike", u, t) for t in play if t != u]
        for ab in abilities_of(s, u):
            out.append(Action("use", u, None, None, ab.id))
            if ab.target == "choose":
                lo, hi = ab.count
                out += [Action("use", u, None, None, ab.id, combo)
                        for k in range(lo, hi + 1) for combo in combinations(play, k)]
            elif ab.needs_cell:
                out += [Action("use", u, None, x, ab.id, (t,)) for t in play for x in CELLS]
            else:
                out += [Action("use", u, None, None, ab.id, (t,)) for t in play]
    for u in hand:
        out.append(Action("hire", u))
        out += [Action("hire", u, None, x) for x in CELLS]
        out += [Action("hire", u, h) for h in play]
    return {_unordered(a) for a in out if s._check(a).ok}


# --- positions ----------------------------------------------------------------------------------

# a battle of cards with lasting effects, ranges, a flyer (as tests/berserk/test_vocab_random.py)
VOCAB = ("A raging_troll b3", "A frost_binder c3", "A war_priestess d3", "A archery_mentor a2",
         "A hill_javelineer e2", "A rune_menhir c1", "A wind_chaser b2", "A stubborn_shieldbearer d2",
         "B raging_troll b4", "B frost_binder c4", "B war_priestess d4", "B archery_mentor a5",
         "B hill_javelineer e5", "B rune_menhir c6", "B pass_eagle aux", "B wandering_monk d5")


def positions(mode: str, seeds, uniform_every: int = 3, defs=None):
    """Battle and answer positions of seeded random games: the weighted random agent (it
    declares abilities often) with every `uniform_every`-th pick uniform instead. Mode "vocab"
    starts from the `VOCAB` battle; `defs`: the card set (the demo set by default)."""
    for seed in seeds:
        s = position(*VOCAB, seed=seed, defs=defs) if mode == "vocab" else new_game(seed=seed, mode=mode, defs=defs)
        dice, rng = Dice(seed), random.Random(seed)
        k = 0
        while s.phase != "over" and k < 3000:
            legal = s.legal_actions()
            if s.stage in ("battle", "queue"):
                yield s, legal
            k += 1
            a = legal[rng.randrange(len(legal))] if k % uniform_every == 0 else choose(s, dice, legal)
            s.apply(a, history=False)


def _features(s, legal) -> set:
    """What a position exercises (so the test proves it met each case)."""
    f = {s.stage, s.mode}
    kinds = {a.kind for a in legal}
    f |= {"kind:" + k for k in kinds}
    for c in s.cards.values():
        if c.in_play:
            if c.lasting:
                f.add("lasting")
            if c.taunt == s.turn:
                f.add("taunt")
            if c.flyer_strike:
                f.add("flyer_strike")
            if c.face_down:
                f.add("face_down")
            if c.zone == "attached":
                f.add("attached")
    for a in legal:
        if a.kind == "use":
            ab = abilities_of(s, a.card)
            mode = next(x.target for x in ab if x.id == a.ability)
            f.add("use:" + mode)
            if a.cell is not None:
                f.add("use:cell")
    return f


@pytest.mark.parametrize("mode,seeds,least", [("classic", range(0, 70), 4000), ("heroes", range(0, 8), 2500),
                                              ("vocab", range(0, 40), 1500)])
def test_battle_list_is_the_explaining_list_in_its_order(mode, seeds, least):
    n, seen = 0, set()
    for s, legal in positions(mode, seeds):
        assert legal == explaining_legal(s), (mode, s.turn, s.stage)
        # every listed action is the value its text reads back to
        for a in legal:
            b = Action.parse(str(a))
            assert tuple.__eq__(a, b) and type(a) is Action
        seen |= _features(s, legal)
        n += 1
    assert n >= least, n
    expected = {"battle", "kind:move", "kind:strike", "kind:use", "use:one", "use:self"}
    expected |= {"classic": {"queue", "taunt", "attached", "kind:gather", "kind:pass", "kind:prepare", "flyer_strike",
                             "use:choose", "use:host", "use:mass", "use:cell"},
                 "heroes": {"queue", "attached", "kind:hire", "kind:pass", "use:host", "use:mass"},
                 "vocab": {"lasting", "taunt", "use:cell"}}[mode]
    assert expected <= seen, expected - seen


@pytest.mark.parametrize("mode,seeds,every", [("classic", range(100, 130), 4), ("heroes", range(20, 23), 8),
                                              ("vocab", range(50, 56), 5)])
def test_battle_list_holds_every_legal_action_and_nothing_else(mode, seeds, every):
    n = 0
    for i, (s, legal) in enumerate(positions(mode, seeds)):
        if i % every:
            continue
        listed = [_unordered(a) for a in legal]
        assert set(listed) == every_action(s), (mode, s.turn, s.stage)
        assert len(set(listed)) == len(listed)        # no action twice
        n += 1
    assert n >= 150, n


@pytest.mark.parametrize("mode,seeds", [("classic", range(200, 240)), ("heroes", range(30, 34)),
                                       ("vocab", range(60, 70))])
def test_has_answer_is_the_explaining_answer(mode, seeds):
    n = answers = 0
    for s, _legal in positions(mode, seeds):
        if s.stage != "queue":
            # a battle position: ask for both seats as if the queue were open (it is not: the
            # answer must still agree)
            for seat in (0, 1):
                assert queue.has_answer(s, seat) == old_has_answer(s, seat)
            continue
        for seat in (0, 1):
            got = queue.has_answer(s, seat)
            assert got == old_has_answer(s, seat)
            answers += got
        n += 1
    assert n >= 20 and answers >= 5, (n, answers)


# seeded random games of the weighted agent (squad building to the end), recorded before the
# tables: (actions, the first 16 hex digits of state_hash)
RECORDED = {
    "classic:21": (322, "e1e4b1164302ab9b"), "classic:23": (267, "dba2f5c7ccfd2b8d"),
    "classic:25": (226, "4a00710827850a31"), "classic:26": (250, "5d02098ceebb60cc"),
    "classic:27": (230, "06f81de786d85e4e"), "classic:29": (232, "8c9df92fb1cc8576"),
    "classic:31": (232, "17ee34b34ee9c273"), "classic:34": (283, "556895b67173bac2"),
    "classic:36": (221, "0f8520b8761e498d"), "classic:37": (221, "0aae71a7d0875e8e"),
    "heroes:0": (724, "c6ee884323b05519"), "heroes:1": (434, "b83f4d2b56c90b83"),
    "heroes:2": (322, "c0f2aff0d76dfe1e"), "heroes:3": (517, "9e93ba60d2ea1e5c"),
    "heroes:4": (236, "91747f6cb5d6a928"), "heroes:5": (557, "0d131edb264f0c7d"),
    # from the VOCAB battle: lasting effects, cards kept closed at their turn start (HR-502.8)
    "vocab:0": (468, "93269599fd0cad85"), "vocab:5": (213, "75fba89944ff63ea"),
    "vocab:6": (179, "b7e3c9a73e13e6cc"), "vocab:8": (514, "a89c7d6a34f797f8"),
}


@pytest.mark.parametrize("key", list(RECORDED))
def test_games_recorded_before_the_tables_replay_to_the_same_hash(key):
    mode, seed = key.split(":")
    start = position(*VOCAB, seed=int(seed)) if mode == "vocab" else new_game(seed=int(seed), mode=mode)
    s = play_random(start, int(seed) + 1000)
    assert (len(s.actions), s.state_hash()[:16]) == RECORDED[key]


def old_defenders(s, att_uid, tgt_uid) -> list:
    """strike.defenders before it read only the cards in play (every card of the table)."""
    att, tgt = s.cards[att_uid], s.cards[tgt_uid]
    att_flyer = s.defs[att.card].is_flyer
    out = []
    for c in s.cards.values():
        if c.owner != tgt.owner or c.uid == tgt.uid or c.closed or c.zone not in ("field", "aux"):
            continue
        d = s.defs[c.card]
        if not d.is_creature or d.is_symbiote:
            continue
        if d.is_flyer:
            if att_flyer or tgt.zone == "aux":
                out.append(c.uid)
        elif tgt.zone == "field" and c.cell in ADJACENT_SETS[tgt.cell]:
            if att_flyer or c.cell in ADJACENT_SETS[att.cell]:
                out.append(c.uid)
    return out


@pytest.mark.parametrize("mode,seeds", [("classic", range(300, 340)), ("heroes", range(40, 43)),
                                       ("vocab", range(70, 80))])
def test_defenders_are_the_explaining_defenders_in_their_order(mode, seeds):
    n = several = 0
    for s, legal in positions(mode, seeds):
        for a in legal:
            if a.kind == "strike":
                got = strike.defenders(s, a.card, a.other)
                assert got == old_defenders(s, a.card, a.other)
                n += 1
                several += len(got) > 1
    assert n >= 1500 and several >= 50, (n, several)


@pytest.mark.parametrize("mode,seeds", [("classic", range(400, 430)), ("vocab", range(80, 86))])
def test_victory_check_reads_the_field_as_has_creatures_does(mode, seeds):
    n, lone = 0, 0
    for s, legal in positions(mode, seeds):
        for a in legal[:6]:                     # the positions one action away, some of them won
            t = s.clone()
            t.apply(a, history=False)
            want = [turn.has_creatures(t, 0), turn.has_creatures(t, 1)]
            assert turn._alive(t) == want
            n += 1
            lone += not all(want)
    assert n >= 3000 and lone >= 20, (n, lone)


def old_choose(state, dice, actions):
    """agents.choose before it grouped only the chosen kind: every action grouped by kind."""
    by_kind: dict = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    kinds = sorted(by_kind)
    weights = [WEIGHTS.get(k, 1) for k in kinds]
    pick = dice.randbelow(sum(weights))
    for k, w in zip(kinds, weights):
        if pick < w:
            group = by_kind[k]
            return group[dice.randbelow(len(group))]
        pick -= w
    raise AssertionError("unreachable")


@pytest.mark.parametrize("mode,seeds", [("classic", range(500, 530)), ("heroes", range(50, 53))])
def test_agent_picks_what_grouping_every_kind_picked(mode, seeds):
    n = single = 0
    for seed in seeds:
        s = new_game(seed=seed, mode=mode)
        d1, d2 = Dice(seed), Dice(seed)
        while s.phase != "over":
            legal = s.legal_actions()
            a = choose(s, d1, legal)
            assert a == old_choose(s, d2, legal) and d1.state == d2.state
            single += len({x.kind for x in legal}) == 1
            s.apply(a, history=False)
            n += 1
    assert n >= 1500 and single >= 100, (n, single)


@pytest.mark.parametrize("mode,seeds", [("classic", range(600, 616)), ("heroes", (60, 61)), ("vocab", range(90, 96))])
def test_battle_list_after_undo_and_redo_is_the_explaining_list(mode, seeds):
    """Lists asked along games played with history, stepping back and forth at random: the
    list after undo/redo equals the explaining list there and the list first seen there."""
    n = steps = 0
    for seed in seeds:
        s = position(*VOCAB, seed=seed) if mode == "vocab" else new_game(seed=seed, mode=mode)
        dice, rng = Dice(seed), random.Random(seed)
        seen: dict = {}
        k = 0
        while s.phase != "over" and k < 400:
            k += 1
            legal = s.legal_actions()
            if s.stage in ("battle", "queue"):
                assert legal == explaining_legal(s), (mode, seed, k)
                before = seen.setdefault(len(s.actions), legal)
                assert before == legal, (mode, seed, k)
                n += 1
            r = rng.random()
            if r < 0.15 and s.can_undo():
                s.undo()
                steps += 1
                if rng.random() < 0.5 and s.can_redo():
                    s.redo()
                    steps += 1
                continue
            seen = {i: v for i, v in seen.items() if i <= len(s.actions)}     # the old future goes
            s.apply(choose(s, dice, legal))
    assert n >= 500 and steps >= 80, (n, steps)


@pytest.mark.parametrize("mode,seeds,least", [("classic", range(700, 740), 30), ("heroes", range(70, 76), 8)])
def test_answer_defend_and_fight_lists_are_their_checked_candidates(mode, seeds, least):
    """The stages whose lists are taken as built (queue, pending:defend, pending:choice): each
    list is its candidates through the full check, in order, and every other action of the
    stage's kinds named on the cards in play is refused."""
    seen: dict = {}
    for seed in seeds:
        s = new_game(seed=seed, mode=mode)
        dice = Dice(seed)
        while s.phase != "over":
            legal = s.legal_actions()
            st = s.stage
            if st in ("queue", "pending:defend", "pending:choice"):
                assert legal == [a for a in s._candidates() if s._check(a).ok], (mode, seed, st)
                if st == "pending:defend":
                    named = [Action("defend", u) for u, c in s.cards.items() if c.in_play]
                    assert [a for a in named if s._check(a).ok] == [a for a in legal if a.kind == "defend"]
                    assert legal[-1] == Action("nodefend")
                seen[st] = seen.get(st, 0) + 1
            s.apply(choose(s, dice, legal), history=False)
    assert all(seen.get(st, 0) >= least for st in ("queue", "pending:defend", "pending:choice")), seen


@pytest.mark.parametrize("mode,seeds,fired,aimed", [("classic", range(800, 840), 100, 20), ("heroes", range(80, 86), 100, 0),
                                                    ("vocab", range(100, 130), 100, 0)])
def test_declarations_are_the_explaining_declarations(mode, seeds, fired, aimed, monkeypatch):
    """`queue.declarations` takes the targets of an ability that is not a trigger's from the
    reach tables: every call in play (a fired trigger's, as the settling queue and the
    triggers stage ask them; a card with lasting effects' in battle and in answer) gives the
    explaining `legal_targets` list."""
    fast = queue.declarations
    calls = {"fired": 0, "aimed": 0}

    def checked(s, uid, ab, fired=None):
        got = fast(s, uid, ab, fired)
        assert got == old_declarations(s, uid, ab, fired), (mode, uid, ab.id, fired)
        calls["fired"] += fired is not None
        calls["aimed"] += fired is not None and ab.target in ("one", "choose") and bool(got)
        return got

    monkeypatch.setattr(queue, "declarations", checked)
    for seed in seeds:
        s = position(*VOCAB, seed=seed) if mode == "vocab" else new_game(seed=seed, mode=mode)
        dice, rng = Dice(seed), random.Random(seed)
        k = 0
        while s.phase != "over" and k < 3000:
            k += 1
            legal = s.legal_actions()
            if s.stage in ("battle", "queue"):      # every ability of the decider's cards in play
                for u in in_play(s, s.to_move):
                    for ab in abilities_of(s, u):
                        checked(s, u, ab)
            a = legal[rng.randrange(len(legal))] if k % 3 == 0 else choose(s, dice, legal)
            s.apply(a, history=False)
    assert calls["fired"] >= fired and calls["aimed"] >= aimed, calls
