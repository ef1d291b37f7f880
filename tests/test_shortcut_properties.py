"""The kernel's rule shortcuts against their explaining paths, on games hypothesis draws (review
R2 of session 8's speed work).

The shortcuts (each equal to a longer question by an argument in its docstring):

- `queue.settle`: both players pass at once when `queue._instants_in_play` says no open card
  with an instant ability is in play (the long path asks `has_answer` for each seat in turn);
- `turn.start_turn`: poison and turn-start triggers noted in its loop and passed to
  `effects.poison_tick` and `triggers.fire_turn_start` (the long path lets both read again);
- `targets.modifier`: a card without lasting effects and with nothing attached on its side sums
  its own constants (the long path sums over `targets.carried`);
- `reach.Scan`: `protected` asked only for a card `maybe_in` names and a kind some card of the set
  protects from (the long path: `tests/test_fastpath_candidates.explaining_legal`).

Each drawn game is played twice with the same random actions, once as the kernel is and once
with the first three shortcuts replaced by their long paths (monkeypatched): after every action
the legal lists, keys and state hashes (log included) must be equal, and in battle and in
answer the legal list must be the explaining list. The games mix what the shortcuts skip:
classic and Heroes, random decks from the whole demo set (instants, poison, turn-start
triggers, terrains, equipment), a card set whose shield and creatures protect from strikes,
spells and effects, and face-down back rows revealed late. (settle's reuse of a fired trigger's
declarations has no switch to turn off: it was checked against the kernel before it, 1814799,
by a differential replay of lessons, examples and such games, 50,127 actions, equal.)
"""
from __future__ import annotations

import dataclasses
import random
from contextlib import contextmanager

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_kernel.berserk import effects, new_game, odds, outcomes, queue, strike, triggers, turn
from berserk_kernel.berserk.agents import choose
from berserk_kernel.berserk.cards import demo_cards
from berserk_kernel.berserk.game import HEROES
from berserk_kernel.berserk.options import Options
from berserk_kernel.berserk.targets import modifier
from berserk_kernel.core.dice import Dice

from .test_fastpath_candidates import explaining_legal
from .test_fastpath_protection import modifier_by_carried

DEMO = demo_cards()
POOL = sorted(k for k, d in DEMO.items() if d.type != "hero" and k not in HEROES)
OPTIONS = Options.from_dict(None)


def guarded_cards() -> dict:
    """The demo set where the shield lends protection from shots, strikes, spells and effects,
    and some creatures protect themselves from strikes and throws."""
    defs = dict(DEMO)
    shield = defs["iron_bound_shield"]
    lent = dataclasses.replace(shield.abilities[0], protection=("shot", "strike", "spell", "effect"))
    defs["iron_bound_shield"] = dataclasses.replace(shield, abilities=(lent,) + shield.abilities[1:])
    own = dataclasses.replace(lent, id="strike_guard", applies_to="self", protection=("strike", "throw"))
    for cid in ("gorge_warden", "stubborn_shieldbearer", "skeleton_spearman", "fen_militiaman", "bog_troll"):
        defs[cid] = dataclasses.replace(defs[cid], abilities=defs[cid].abilities + (own,))
    return defs


GUARDED = guarded_cards()


def random_deck(rng: random.Random) -> dict:
    deck: dict = {}
    while sum(deck.values()) < OPTIONS.deck_min:
        c = rng.choice(POOL)
        if deck.get(c, 0) < OPTIONS.max_copies:
            deck[c] = deck.get(c, 0) + 1
    return deck


@contextmanager
def long_paths(monkeypatch):
    """The settle, turn-start and modifier shortcuts replaced by the questions they stand for."""
    tick, fire = effects.poison_tick, triggers.fire_turn_start
    with monkeypatch.context() as m:
        m.setattr(queue, "_instants_in_play", lambda s: True)
        m.setattr(turn, "poison_tick", lambda s, seat, poisoned=None: tick(s, seat))
        m.setattr(turn, "fire_turn_start", lambda s, seat, starts=None: fire(s, seat))
        for mod in (effects, odds, outcomes, strike):
            m.setattr(mod, "modifier", modifier_by_carried)
        yield


def draw_game(mode: str, cards: str, seed: int):
    rng = random.Random(seed)
    decks = (random_deck(rng), random_deck(rng)) if cards != "demo decks" else (
        ("mountain_forest", "darkness_swamp_steppe") if seed % 2 else ("darkness_swamp_steppe", "mountain_forest"))
    return new_game(decks, seed=seed, mode=mode, defs=GUARDED if cards == "guarded" else None)


def fingerprint(s, full: bool = True) -> tuple:
    """The legal list, the key and the log's length; with `full` the state hash (log included)."""
    return [str(a) for a in s.legal_actions()], s.key(), len(s.log), s.state_hash() if full else None


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])
@given(mode=st.sampled_from(["classic", "heroes"]), cards=st.sampled_from(["demo decks", "random decks", "guarded"]),
       seed=st.integers(0, 10**6), uniform=st.floats(0.2, 0.9))
def test_shortcuts_play_as_their_long_paths(monkeypatch, mode, cards, seed, uniform):
    fast, slow = draw_game(mode, cards, seed), draw_game(mode, cards, seed)
    rng, dice = random.Random(seed), Dice(seed)
    for step in range(400):
        legal = fast.legal_actions()
        fp = fingerprint(fast, step % 8 == 0)
        for u, c in fast.cards.items():
            if c.in_play:
                for name in ("attack_die", "defence_die", "armour"):
                    assert modifier(fast, u, name) == modifier_by_carried(fast, u, name), (u, name)
        with long_paths(monkeypatch):
            assert fingerprint(slow, step % 8 == 0) == fp
            if step % 3 == 0 and fast.stage in ("battle", "queue"):
                assert legal == explaining_legal(fast)
        if fast.phase == "over":
            break
        i = rng.randrange(len(legal)) if rng.random() < uniform else legal.index(choose(fast, dice, legal))
        history = rng.random() < 0.5
        fast.apply(legal[i], history=history)
        with long_paths(monkeypatch):
            slow.apply(slow.legal_actions()[i], history=history)
        if history and rng.random() < 0.2:
            fast.undo()
            with long_paths(monkeypatch):
                slow.undo()
                assert fingerprint(slow) == fingerprint(fast)
                slow.redo()
            fast.redo()
    assert fingerprint(slow) == fingerprint(fast)
