"""The one game contract (berserk_kernel/core/contract.py), checked the same way on every game:
classic Berserk, Heroes, City for 2 and for 4 players. Seeded random playouts to the end check
each item of the contract at every step (docs/contract.md)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.berserk.hidden import hidden_uids
from berserk_kernel.city import new_game as city_game
from berserk_kernel.city.odds import battle_odds
from berserk_kernel.core.contract import GameState
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import ActionSyntaxError, DataError, IllegalAction

GAMES = {
    "classic": lambda seed: berserk_game(seed=seed),
    "heroes": lambda seed: berserk_game(seed=seed, mode="heroes"),
    "city2": lambda seed: city_game(2, seed=seed),
    "city4": lambda seed: city_game(4, seed=seed),
}
MAX_STEPS = 2500
TYPO = {"classic": "strke #1 #2", "heroes": "hir #3 c2", "city2": "atack 2>3 5", "city4": "captur 7"}


class RecordingDice(Dice):
    """Dice that remember the faces they showed (to compare natural rolls with forced ones)."""

    __slots__ = ("shown",)

    def __init__(self, base: Dice):
        super().__init__(base.seed, base.state, base.forced, base.count)
        self.shown = []

    def roll(self, sides: int = 6) -> int:
        value = super().roll(sides)
        self.shown.append(value)
        return value


def playout(game: str, seed: int):
    """Yield (state, chosen action) along a seeded random game to its end."""
    s = GAMES[game](seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if s.is_terminal():
            return
        a = rng.choice(s.legal_actions())
        yield s, a
        s.apply(a, history=False)
    raise AssertionError(f"{game} seed {seed}: no end in {MAX_STEPS} actions")


def check_actions(s, rng: random.Random) -> None:
    """Text equality, hash, repr round trip and `.kind` of the legal actions."""
    legal = s.legal_actions()
    assert legal, "a game that is not over has a legal action"
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions with one text"
    action_type = type(legal[0])
    as_set = set(legal)
    for a, text in zip(legal, texts):
        assert a == text and not (a != text) and text in as_set and hash(a) == hash(text)
        assert isinstance(a.kind, str) and text.split()[0] == a.kind
        if hasattr(a, "verb"):
            assert a.verb == a.kind
        else:
            assert a.cell_name is None if a.cell is None else text.endswith(" " + a.cell_name)
    for i in {0, len(legal) - 1, rng.randrange(len(legal))}:
        a, text = legal[i], texts[i]
        assert text in legal and legal.index(text) == i
        r = repr(a)
        assert r == f"Action({text!r})"
        again = eval(r, {"Action": action_type})
        assert again == a and type(again) is action_type and tuple(again) == tuple(a)
    assert "no such action" not in legal


def check_chance(s, a) -> bool:
    """chance_outcomes: a law summing to 1; apply(dice=) gives each outcome's own result, and a
    natural roll lands on one of them."""
    outcomes = s.chance_outcomes(a)
    natural = s.clone()
    natural.dice = RecordingDice(s.dice)
    natural.apply(a, history=False)
    if outcomes is None:
        assert natural.dice.shown == [], f"{a} rolled {natural.dice.shown} but chance_outcomes said None"
        return False
    assert natural.dice.shown, f"{a}: chance_outcomes gave a law but nothing was rolled"
    assert sum(p for _, p in outcomes) == 1
    keys = []
    for faces, p in outcomes:
        assert isinstance(p, Fraction) and 0 < p <= 1
        assert isinstance(faces, tuple) and faces and all(type(f) is int and f >= 1 for f in faces)
        c = s.clone()
        c.dice = RecordingDice(s.dice)
        c.apply(a, history=False, dice=faces)
        assert tuple(c.dice.shown) == faces, f"{a} with dice={faces} showed {c.dice.shown}"
        keys.append(c.key())
    assert len(set(keys)) == len(keys), f"{a}: two outcomes with one result"
    assert natural.key() in keys, f"{a}: the natural roll {natural.dice.shown} is not an outcome"
    again = s.clone()
    again.apply(a, history=False, dice=tuple(natural.dice.shown))
    assert again.key() == natural.key()
    return True


def check_undo_clone_key(s, a, with_hash: bool) -> None:
    before_hash, before_key = s.state_hash() if with_hash else "", s.key()
    assert s.clone().key() == before_key and hash(before_key) == hash(s.clone().key())
    c = s.clone()
    c.apply(a)
    assert c.key() != before_key, f"{a} left the key unchanged"
    assert s.key() == before_key, "a clone shares state with its original"
    c.undo()
    assert c.key() == before_key
    s.apply(a)
    s.undo()
    assert s.key() == before_key
    if with_hash:
        assert s.state_hash() == before_hash


@pytest.mark.parametrize("game, seed", [("classic", 1), ("classic", 2), ("heroes", 1), ("heroes", 2),
                                        ("city2", 1), ("city4", 2)])
def test_playout_keeps_the_contract(game, seed):
    n_steps = n_chance = 0
    s = None
    rng = random.Random(seed)
    for step, (s, a) in enumerate(playout(game, seed)):
        assert isinstance(s, GameState)
        cp = s.current_player()
        assert cp is not None and not s.is_terminal() and 0 <= cp < s.num_players()
        assert s.returns() == [0.0] * s.num_players()
        assert "to move" in repr(s)
        check_actions(s, rng)
        n_chance += check_chance(s, a)
        if step % 9 == 0:
            check_undo_clone_key(s, a, with_hash=step % 27 == 0)
        n_steps += 1
    assert s.is_terminal() and s.current_player() is None and s.legal_actions() == []
    n = s.num_players()
    r = s.returns()
    assert len(r) == n and all(x in (-1.0, 0.0) or 0 < x <= 1 for x in r)
    winners = [p for p, x in enumerate(r) if x > 0]
    assert sum(x for x in r if x > 0) == pytest.approx(1.0 if winners else 0.0)
    if n == 2:
        assert sum(r) == 0
    assert "over:" in repr(s) and "to move" not in repr(s)
    assert s.outcome("ru") != s.outcome("en") and s.outcome("ru").endswith(".")
    assert n_steps > 20 and n_chance > 0, (n_steps, n_chance)


def permuted(s, seat: int, rng: random.Random):
    """A position that differs from `s` only in what `seat` cannot see."""
    p = s.copy()
    p.dice = Dice(rng.getrandbits(40), forced=list(s.dice.forced), count=s.dice.count)
    if p.GAME == "city":
        rng.shuffle(p.deck)
        return p
    p.cards = {u: c.copy() for u, c in p.cards.items()}      # nothing shared with `s`
    p.seats = [seat_state.copy() for seat_state in p.seats]
    uids = hidden_uids(p, seat)
    ids = [p.cards[u].card for u in uids]
    rng.shuffle(ids)
    for u, cid in zip(uids, ids):
        p.cards[u].card = cid
    for seat_state in p.seats:
        rng.shuffle(seat_state.deck)
    return p


def check_view(s, seat: int, rng: random.Random) -> None:
    v = s.view(seat)
    assert v.log == [] and v.current_player() == s.current_player()
    assert v.legal_actions() == s.legal_actions() or s.current_player() != seat or s.GAME == "berserk"
    other = permuted(s, seat, rng)
    assert other.view(seat).state_hash() == v.state_hash(), "a view shows something the seat cannot see"
    assert v.view(seat).state_hash() == v.state_hash(), "the view of a view is itself"
    if s.GAME == "city":
        assert sorted(v.deck) == v.deck and sorted(s.deck) == v.deck
        pos, vpos = s.position(), v.position()
        for field in ("deck", "dice"):
            pos.pop(field), vpos.pop(field)
        assert pos == vpos, "the view hides something every seat can see"
    else:
        hidden = set(hidden_uids(s, seat))
        for u, c in s.cards.items():
            if u not in hidden:
                assert v.cards[u].card == c.card, f"#{u} is visible to seat {seat} but the view changed it"
        assert sorted(v.cards[u].card for u in hidden) == sorted(s.cards[u].card for u in hidden)
        for a, b in zip(s.seats, v.seats):
            assert sorted(a.deck) == b.deck and a.hand == b.hand and a.graveyard == b.graveyard
    w = v.sample_world(seat, random.Random(7))
    assert w.view(seat).state_hash() == v.state_hash(), "a sampled world does not fit the view"
    # sampling from a full position takes its view first: it never peeks
    assert s.sample_world(seat, random.Random(3)).state_hash() == other.sample_world(seat, random.Random(3)).state_hash()
    assert s.sample_world(seat, 11).key() == v.sample_world(seat, Dice(11)).key()


@pytest.mark.parametrize("game", list(GAMES))
def test_view_hides_exactly_what_a_seat_cannot_see(game):
    rng = random.Random(5)
    checked = 0
    for step, (s, _a) in enumerate(playout(game, 3)):
        if step % 17 == 0:
            for seat in range(s.num_players()):
                check_view(s, seat, rng)
            checked += 1
    assert checked >= 3
    if game in ("classic", "heroes"):
        # a position with hidden cards: the other seat's deck, and the views of both seats differ
        s = GAMES[game](3)
        assert hidden_uids(s, 0) and s.view(0).state_hash() != s.view(1).state_hash()
        changed = [u for u in hidden_uids(s, 0) if s.view(0).cards[u].card != s.cards[u].card]
        assert changed, "the view keeps the true identities of hidden cards"


@pytest.mark.parametrize("game", list(GAMES))
def test_errors_keep_their_types_and_change_nothing(game):
    s = GAMES[game](4)
    before = s.state_hash()
    with pytest.raises(ActionSyntaxError) as e:
        s.apply(TYPO[game])
    assert type(e.value) is ActionSyntaxError and isinstance(e.value, ValueError)
    assert e.value.source == "<action>" and e.value.field == "action" and e.value.ru != e.value.en
    with pytest.raises(ActionSyntaxError):
        s.chance_outcomes(TYPO[game])
    with pytest.raises(ActionSyntaxError):
        s.explain(TYPO[game])
    with pytest.raises(ActionSyntaxError):
        s.is_legal(TYPO[game])
    action_type = type(s.legal_actions()[0])
    for bad in (TYPO[game], "", "   ", "end " * 60, None, 3.5):
        with pytest.raises(ActionSyntaxError) as e:
            action_type(bad)
        assert e.value.field == "action" and e.value.ru and e.value.en
    with pytest.raises(ActionSyntaxError):
        s.apply(12)
    illegal = "end"
    with pytest.raises(IllegalAction) as e:
        s.apply(illegal)
    assert isinstance(e.value, ValueError) and not isinstance(e.value, DataError)
    assert e.value.rule_id in s.RULES and e.value.ru and e.value.en
    with pytest.raises(IllegalAction):
        s.chance_outcomes(illegal)
    legal = s.legal_actions()[0]
    for bad, field in (("55", "dice"), ((0,), "dice[0]"), ((1, True), "dice[1]"), ((10 ** 9,), "dice[0]")):
        with pytest.raises(DataError) as e:
            s.apply(legal, dice=bad)
        assert e.value.source == "<dice>" and e.value.field == field
    for bad in (-1, s.num_players(), "A", None):
        with pytest.raises(DataError) as e:
            s.view(bad)
        assert e.value.field == "seat"
    with pytest.raises(DataError) as e:
        s.sample_world(0, "seed")
    assert e.value.field == "rng"
    assert s.state_hash() == before


def two_dice_strike(seed: int = 2):
    """A classic position where the chosen action is a strike rolling two d6 (white, black)."""
    for s, a in playout("classic", seed):
        if a.kind == "strike":
            outcomes = s.chance_outcomes(a)
            if outcomes and len(outcomes[0][0]) == 2:
                return s, a, outcomes
    pytest.fail("no two-dice strike")  # pragma: no cover


def test_apply_dice_forces_the_faces_and_undo_brings_the_dice_back():
    s, a, _ = two_dice_strike()
    s = s.clone()
    s.dice.force(6, 6, 6)
    before = s.state_hash()
    s.apply(a, dice=(1, 2))
    rolls = [e.data for e in s.log if e.kind == "roll"]
    assert rolls[-1]["white"] == 1 and rolls[-1]["black"] == 2
    assert s.dice.forced == [6], "the forced faces the roll would have shown are used up"
    s.undo()
    assert s.state_hash() == before and s.dice.forced == [6, 6, 6]
    # faces an action does not roll are dropped; the forced queue stays
    quiet = next(b for b in s.legal_actions() if s.chance_outcomes(b) is None)
    s.apply(quiet, dice=(1, 2, 3))
    assert s.dice.forced == [6, 6, 6]


def test_city_attack_law_is_the_battle_odds():
    """The merged outcomes of an attack give exactly the binomial battle odds (CITY-4.1..4.3)."""
    for s, a in playout("city2", 6):
        if a.kind == "attack" and s.forces[a.dst] >= 2 and a.count >= 2:
            break
    else:  # pragma: no cover - the seed has an attack of two or more on two or more
        pytest.fail("no attack found")
    outcomes = s.chance_outcomes(a)
    odds = battle_odds(a.count, s.forces[a.dst], attack_hit=s.turn["attack_hit"], defence_hit=s.turn["defence_hit"])
    capture = hold = Fraction(0)
    for faces, p in outcomes:
        assert len(faces) == a.count + s.forces[a.dst]
        c = s.clone()
        c.apply(a, dice=faces)
        if c.owner[a.dst] == s.current:
            capture += p
        elif c.forces[a.dst] > 0:
            hold += p
    assert (capture, hold) == (odds.capture, odds.hold)
    assert len(outcomes) <= (a.count + 1) * (s.forces[a.dst] + 1)


def test_city_forced_dice_are_part_of_the_law():
    for s, a in playout("city2", 6):
        if a.kind == "attack" and s.forces[a.dst] >= 1:
            break
    s = s.clone()
    n = a.count + s.forces[a.dst]
    s.dice.force(*([10] * a.count + [1] * (n - a.count)))     # every attacker hits, no defender
    outcomes = s.chance_outcomes(a)
    assert len(outcomes) == 1 and outcomes[0][1] == 1 and outcomes[0][0] == tuple(s.dice.forced)


def test_berserk_strike_law_has_thirty_six_faces():
    """A strike at a target that fights back rolls two d6: every merged outcome is a multiple of
    1/36 and the faces of every pair land in exactly one outcome."""
    s, a, outcomes = two_dice_strike()
    assert all((p * 36).denominator == 1 for _, p in outcomes)
    keys = {}
    for faces, _ in outcomes:
        c = s.clone()
        c.apply(a, dice=faces)
        keys[c.key()] = faces
    for w in range(1, 7):
        for b in range(1, 7):
            c = s.clone()
            c.apply(a, dice=(w, b))
            assert c.key() in keys


def test_repr_says_what_the_game_is():
    s = berserk_game(seed=3)
    assert repr(s) == "<BerserkState classic, turn 0, order, A to move, 0 cards in play>"
    assert repr(berserk_game(seed=3, mode="heroes")).startswith("<BerserkState heroes, turn 0,")
    c = city_game(2, seed=1)
    assert repr(c).startswith("<CityState 2 players, default map, round 0, pick, ")
    assert repr(c).endswith(" to move>")
    # the old spellings stay: to_move / winner, is_over / winners
    assert s.to_move == s.current_player() and s.winner is None
    assert c.is_over() is c.is_terminal() is False and c.winners is None


def test_stage_rule_and_phase_names():
    s = berserk_game(seed=3)
    assert s.stage_rule() == "BR-7.1" and s.phase_name("en") == "choosing who goes first"
    assert s.stage_kinds() == {"first", "second"}
    c = city_game(2, seed=1)
    assert c.phase_verbs() == {"pick"} and c.phase_name("ru") == "выбор стартовых районов"


def test_the_contract_page_runs_as_a_doctest(monkeypatch):
    """docs/contract.md: every example on the page runs and prints what the page says."""
    import doctest
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    monkeypatch.chdir(root)
    result = doctest.testfile(str(root / "docs" / "contract.md"), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 30 and result.failed == 0, result


def test_draws_and_shared_wins():
    """returns() and outcome() of a finished game: a shared City win, everyone tied, a Berserk draw."""
    from berserk_kernel.berserk import BerserkState
    from berserk_kernel.city import load_scenario as city_scenario

    data = city_game(4, seed=1).to_dict()
    data["position"].update(phase="over", winners=[0, 2])
    s = city_scenario(data)
    assert s.is_terminal() and s.current_player() is None and s.legal_actions() == []
    assert s.returns() == [0.5, -1.0, 0.5, -1.0]
    assert (s.outcome(), s.outcome("en")) == ("Победа поровну: A, C.", "A, C share the win.")
    assert repr(s) == "<CityState 4 players, default map, round 0, over: A, C share the win>"
    data["position"]["winners"] = [0, 1, 2, 3]
    s = city_scenario(data)
    assert s.returns() == [0.0] * 4 and (s.outcome(), s.outcome("en")) == ("Ничья.", "Draw.")
    data = berserk_game(seed=1).to_dict()
    data.update(phase="over", winner="draw")
    g = BerserkState.from_dict(data)
    assert g.returns() == [0.0, 0.0] and g.outcome() == "Ничья." and g.current_player() is None
    assert repr(g) == "<BerserkState classic, turn 0, over: Draw, 0 cards in play>"
    data["winner"] = 1
    g = BerserkState.from_dict(data)
    assert g.returns() == [-1.0, 1.0] and g.outcome() == "Победа: B." and g.outcome("en") == "B wins."


def _position(s) -> dict:
    d = s.to_dict()
    for field in ("log", "actions"):
        d.pop(field)
    return d


@pytest.mark.parametrize("game, kind", [("classic", "move"), ("city2", "reinforce")])
def test_key_is_equal_for_equal_positions_reached_two_ways(game, kind):
    """Two actions played in either order give the same position, and so the same key (the log
    and the record, which differ, are not part of it); a different position has another key."""
    found = 0
    for s, _a in playout(game, 4):
        pair = [a for a in s.legal_actions() if a.kind == kind]
        for a, b in zip(pair, pair[1:]):
            one, two = s.clone(), s.clone()
            one.apply(a)
            two.apply(b)
            if b not in one.legal_actions() or a not in two.legal_actions():
                continue
            one.apply(b)
            two.apply(a)
            if _position(one) == _position(two):
                assert one.key() == two.key() and one.log != two.log
                assert one.key() != s.key()
                found += 1
        if found >= 3:
            return
    pytest.fail(f"no two {kind} actions that commute")  # pragma: no cover


def test_berserk_forced_dice_are_part_of_the_law():
    from pathlib import Path

    from berserk_kernel.berserk import load_scenario

    s = load_scenario(Path(__file__).resolve().parents[1] / "examples" / "scenarios" / "closed_target.json")
    assert s.chance_outcomes("strike #1 #2") == [((1,), Fraction(5, 6)), ((6,), Fraction(1, 6))]
    s.force_dice(6)
    assert s.chance_outcomes("strike #1 #2") == [((6,), Fraction(1))]
    s.force_dice(1)      # a second forced face is not used by this one-die strike
    assert s.chance_outcomes("strike #1 #2") == [((6,), Fraction(1))]
    s.apply("strike #1 #2", dice=(1,))   # dice= replaces the forced 6; the queued 1 stays
    assert s.dice.forced == [1] and not s.is_terminal()
