"""Every outcome at a glance (issue 11): exact outcome distributions of each legal action."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.berserk import outcomes as oc
from berserk_kernel.berserk.outcomes import Outcome, outcomes, row
from berserk_kernel.core.errors import ActionSyntaxError, IllegalAction

F = Fraction


def _dist(r) -> dict:
    return {o: p for o, p in r.distribution}


def _row(state, text):
    (r,) = [r for r in outcomes(state) if str(r.action) == text]
    return r


# The fight table of R-BR-FIGHT written out by hand (docs/rulings.md): difference white - black
# -> (attacker deals, target strikes back, alternative deal, alternative back, who chooses),
# strengths 0 weak, 1 medium, 2 strong, None nothing.
TABLE = {
    5: (2, None), 4: (2, 0, 1, None, "attacker"), 3: (1, None), 2: (1, 0, 0, None, "attacker"),
    1: (0, None), -1: (0, None), -2: (None, None), -3: (None, 0), -4: (0, 1, None, 0, "target"),
    -5: (None, 1),
}


def _cell(w, b):
    d = w - b
    if d == 0:
        return (0, None) if w <= 4 else (None, 0)
    return TABLE[max(-5, min(5, d))]


def test_closed_target_single_die_hand_computed():
    # BR-10.3: a closed target does not fight; one die: 1-3 weak (1), 4-5 medium (2), 6 strong (3).
    # Forest Boar strikes 1-2-3; Deadfall Wolf has 2 lives: medium or strong kills it. Toad Rider
    # far away keeps B in the game.
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", "B toad_rider a6")
    before = s.state_hash()
    r = _row(s, "strike #1 #2")
    assert _dist(r) == {Outcome(dealt=1): F(1, 2), Outcome(dealt=2, kills=1): F(1, 3),
                        Outcome(dealt=3, kills=1): F(1, 6)}
    assert r.exact == {"dealt": F(5, 3), "taken": 0, "kills": F(1, 2), "losses": 0, "win": 0}
    assert r.expected["dealt"] == pytest.approx(5 / 3)
    assert r.rolled and not r.deterministic
    assert [p for _o, p in r.distribution] == [F(1, 2), F(1, 3), F(1, 6)]   # most likely first
    assert s.state_hash() == before


def test_killing_the_last_creature_wins():
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed")
    r = _row(s, "strike #1 #2")
    assert _dist(r) == {Outcome(dealt=1): F(1, 2), Outcome(dealt=2, kills=1, end="win"): F(1, 3),
                        Outcome(dealt=3, kills=1, end="win"): F(1, 6)}
    assert r.exact["win"] == F(1, 2)
    assert "victory" in r.distribution[1][0].text("en") and "победа" in r.distribution[1][0].text("ru")


def _score(dealt, taken, lives_t, lives_a):
    return Outcome(dealt, taken, int(dealt >= lives_t), int(taken >= lives_a)).score()


def _hand_fight(att_strike, tgt_strike, lives_a, lives_t):
    """The 36 pairs read from TABLE; at a choice the chooser takes its better balance."""
    out: dict = {}
    for w in range(1, 7):
        for b in range(1, 7):
            cell = _cell(w, b)
            options = [(cell[0], cell[1])]
            if len(cell) == 5:
                options.append((cell[2], cell[3]))
            got = []
            for deal, back in options:
                dealt = 0 if deal is None else att_strike[deal]
                taken = 0 if back is None else tgt_strike[back]
                got.append((dealt, taken))
            if len(got) == 2:
                # the chooser's own balance; on a tie the table's cell stays (exchange)
                sign = 1 if cell[4] == "attacker" else -1
                dealt, taken = max(got, key=lambda x: (sign * _score(*x, lives_t, lives_a), x == got[0]))
            else:
                dealt, taken = got[0]
            o = Outcome(dealt, taken, int(dealt >= lives_t), int(taken >= lives_a))
            out[o] = out.get(o, 0) + F(1, 36)
    return out


def test_open_fight_matches_the_hand_read_table():
    # Forest Boar 1-2-3 (4 lives) on an open Toad Rider 1-2-2 (3 lives), no abilities, no
    # defenders; a far Skeleton Spearman keeps B in the game.
    s = position("A forest_boar c2", "B toad_rider c3", "B skeleton_spearman a6")
    r = _row(s, "strike #1 #2")
    want = _hand_fight((1, 2, 3), (1, 2, 2), 4, 3)
    assert _dist(r) == want
    assert sum(p for _o, p in r.distribution) == 1
    # a few cells by hand: strong unanswered (+5: 6-1) happens 1/36; nothing at all (-2) 4/36
    assert want[Outcome(0, 0)] == F(4, 36)
    assert r.note is not None and "chooser" in r.note.en and "выбирающий" in r.note.ru


def test_grouping_by_cell_equals_every_pair(monkeypatch):
    s = position("A mountain_thane c2", "B gorge_warden c3", "B bog_troll d3", "A forest_boar b3",
                 "B toad_rider b4")
    grouped = {str(r.action): r.distribution for r in outcomes(s)}
    oc._CACHE.clear()
    monkeypatch.setattr(oc, "_strike_groups", lambda s, a: None)
    full = {str(r.action): r.distribution for r in outcomes(s)}
    oc._CACHE.clear()
    assert any(k.startswith("strike") for k in grouped)
    assert {k: dict(v) for k, v in grouped.items()} == {k: dict(v) for k, v in full.items()}


def test_the_defender_is_chosen_by_its_side():
    # B's Gorge Warden (armour 1) may take the strike at the Bog Troll (BR-10.2): B picks
    # whatever is better for B, and the row says so.
    s = position("A gorge_warden c2", "B bog_troll c3", "B gorge_warden d3")
    r = _row(s, "strike #1 #2")
    assert "B assigns" in r.note.en and "B назначит" in r.note.ru or "B не назначит" in r.note.ru
    s2 = s.copy()
    s2.apply("strike #1 #2")
    opts = {str(a): _dist(row(s2, a)) for a in s2.legal_actions()}
    # B's view of each answer (B decides in s2): B takes its best, the first one on a tie
    value = {a: sum(p * o.score() for o, p in d.items()) for a, d in opts.items()}
    best = max(value, key=value.get)
    assert _dist(r) == _flip(opts[best])
    assert ("#3" in r.note.en) == (best == "defend #3")


def _flip(d):
    return {Outcome(o.taken, o.dealt, o.losses, o.kills, {"win": "loss", "loss": "win"}.get(o.end, o.end)): p
            for o, p in d.items()}


def test_deterministic_actions_have_one_outcome_and_nothing_changes():
    s = position("A forest_boar c2", "B toad_rider c4", "A forest_archer a1")
    before = s.state_hash()
    rows = outcomes(s)
    assert [str(r.action) for r in rows] == [str(a) for a in s.legal_actions()]
    for r in rows:
        assert sum(p for _o, p in r.distribution) == 1
        if r.action.kind in ("move", "end"):
            assert r.distribution == [(Outcome(), F(1))] and not r.rolled
    shot = [r for r in rows if r.action.kind == "use"]
    assert shot and all(r.exact["dealt"] > 0 for r in shot)
    assert s.state_hash() == before


def test_fixed_damage_ability_is_certain():
    # Crag Slinger's throw deals a fixed 1 (no die, BR-12.1) to the Toad Rider (3 lives).
    s = position("A crag_slinger c2", "B toad_rider c4")
    throws = [r for r in outcomes(s) if r.action.kind == "use"]
    assert throws
    for r in throws:
        assert len(r.distribution) == 1 and r.distribution[0][1] == 1
        assert r.distribution[0][0].dealt >= 1


def test_forced_dice_of_the_position_are_known():
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", "B toad_rider a6", forced=[6])
    r = _row(s, "strike #1 #2")
    assert r.distribution == [(Outcome(dealt=3, kills=1), F(1))]


def test_cache_and_copy_of_rows():
    s = position("A forest_boar c2", "B toad_rider c3", "B skeleton_spearman a6")
    a, b = outcomes(s), outcomes(s)
    assert a == b and a is not b
    s.apply("move #1 b2")
    assert [str(r.action) for r in outcomes(s)] == [str(x) for x in s.legal_actions()]


def test_illegal_row_is_refused_with_its_rule():
    s = position("A forest_boar c2", "B toad_rider c4")
    before = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        row(s, "strike #1 #2")
    assert e.value.rule_id == s.explain("strike #1 #2").rule_id
    assert s.state_hash() == before


def test_game_over_has_no_rows():
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", forced=[6])
    s.apply("strike #1 #2")
    assert s.phase == "over"
    assert outcomes(s) == []


def test_a_declared_ability_resolves_as_if_nobody_answers():
    # Crag Slinger's throw for 2 (no die) at the Skeleton Spearman (2 lives): declared into the
    # queue (BR-14); B's Wind Shaman could answer with its instant spell, the row takes it that
    # nobody answers: certain death, and says so.
    s = position("A crag_slinger b2", "B skeleton_spearman b4", "B wind_shaman e6")
    (r,) = [r for r in outcomes(s) if str(r.action) == "use #1 throw #2"]
    assert r.distribution == [(Outcome(dealt=2, kills=1), F(1))]
    assert "nobody answers" in r.note.en and "никто не ответит" in r.note.ru


def test_rows_at_a_pending_fight_table_choice():
    # +4 (white 5, black 1): the attacker keeps strong-for-weak or takes medium with no answer
    s = position("A forest_boar c2", "B toad_rider c3", "B skeleton_spearman a6", forced=[5, 1])
    s.apply("strike #1 #2")
    assert s.stage == "pending:choice"
    rows = {str(r.action): r for r in outcomes(s)}
    assert rows["exchange"].distribution == [(Outcome(dealt=3, taken=1, kills=1), F(1))]
    assert rows["safe"].distribution == [(Outcome(dealt=2), F(1))]
    assert not rows["exchange"].rolled


def test_rows_at_a_pending_defender_choice_are_counted_for_the_defender():
    s = position("A gorge_warden c2", "B bog_troll c3", "B gorge_warden d3")
    s.apply("strike #1 #2")
    assert s.stage == "pending:defend" and s.to_move == 1
    rows = {str(r.action): r for r in outcomes(s)}
    assert set(rows) == {"defend #3", "nodefend"}
    for r in rows.values():
        assert r.rolled and sum(p for _o, p in r.distribution) == 1
    # the Warden's armour 1 takes a wound off every attack on it: defending, B takes less
    assert rows["defend #3"].exact["taken"] < rows["nodefend"].exact["taken"]


def test_unreadable_action_is_refused_in_words():
    s = position("A forest_boar c2", "B toad_rider c4")
    with pytest.raises(ActionSyntaxError):
        row(s, "strike #² c3")


def test_agrees_with_the_kernels_chance_outcomes():
    # the contract's own law of the faces (state.chance_outcomes) played with apply(dice=)
    # gives the same distribution as the panel's rows, for strikes that need no later choice
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", "A crag_slinger b2", "B toad_rider a6")
    rows = {str(r.action): r for r in outcomes(s)}
    base = oc.baseline(s, 0)
    for text in ("strike #1 #2", "strike #3 #2"):
        law = s.chance_outcomes(text)
        assert law is not None and sum(p for _f, p in law) == 1
        want: dict = {}
        for faces, p in law:
            c = s.clone()
            c.apply(text, dice=faces, history=False)
            o = oc._measure(base, c, 0)
            want[o] = want.get(o, 0) + p
        assert dict(rows[text].distribution) == want


@pytest.mark.parametrize("seed,mode", [(1, "classic"), (3, "heroes")])
def test_random_game_decisions_sum_to_one_and_change_nothing(seed, mode):
    g = new_game(seed=seed, mode=mode)
    rng = random.Random(seed)
    checked = 0
    for _ in range(120):
        if g.phase == "over":
            break
        acts = g.legal_actions()
        if len(acts) <= 40:
            h = g.state_hash()
            rows = outcomes(g)
            assert [r.action for r in rows] == acts
            assert all(sum(p for _o, p in r.distribution) == 1 for r in rows)
            assert g.state_hash() == h
            checked += 1
        g.apply(rng.choice(acts))
    assert checked >= 20


def test_a_card_sent_back_to_the_deck_counts_as_out_of_play():
    # CR-204.4: «banish» returns an enemy creature of cost 4 or less to its owner's deck, where it
    # becomes a new card under a new uid; the outcome table counted it by its old uid and raised
    # KeyError. It is a kill for the caster, with no wounds dealt and nothing rolled.
    s = position("A dark_conjurer c2 tokens=1", "B deadfall_wolf c4", "B toad_rider a6")
    before = s.state_hash()
    r = _row(s, "use #1 banish #2")
    assert _dist(r) == {Outcome(kills=1): F(1)}
    assert not r.rolled
    assert s.state_hash() == before
