"""Random play with every new vocabulary word on the board: the rules hold after every action,
nothing that lasts outlives its turn or its card's stay in play, and undo restores the position."""
import random

from berserk_kernel.berserk import BerserkState, position
from berserk_kernel.berserk.zones import PLAY_ZONES

from .invariants import check_invariants

SPECS = ("A raging_troll b3", "A frost_binder c3", "A war_priestess d3", "A archery_mentor a2",
         "A hill_javelineer e2", "A rune_menhir c1",
         "B raging_troll b4", "B frost_binder c4", "B war_priestess d4", "B archery_mentor a5",
         "B hill_javelineer e5", "B rune_menhir c6", "B pass_eagle aux")


def test_random_games_with_lasting_effects_and_ranges_keep_every_invariant():
    rng = random.Random(11)
    kinds = set()
    for game in range(8):
        s = position(*SPECS, seed=game)
        for _ in range(100):
            if s.phase == "over":
                break
            actions = s.legal_actions()
            assert actions
            s.apply(rng.choice(actions))
            check_invariants(s)
            for c in s.cards.values():
                if c.zone not in PLAY_ZONES:
                    assert c.lasting == ()
                assert all(e.until >= s.turn for e in c.lasting), (c.uid, c.lasting, s.turn)
            kinds |= {e.what for c in s.cards.values() for e in c.lasting}
        again = BerserkState.from_dict(s.to_dict(), "<test>")
        assert again.state_hash() == s.state_hash()
        if s.can_undo():
            before = s.state_hash()
            last = s.actions[-1]
            s.undo()
            s.apply(last)
            assert s.state_hash() == before
    assert kinds >= {"stay_closed", "attack_die", "grant"}
