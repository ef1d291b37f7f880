"""The "threat" evaluation of the MCTS bot (`MCTSBot(evaluation="threat")`), classic Berserk and
Heroes.

`base.evaluate` counts material only, so a rollout cut mid-turn cannot see what the turn leaves
exposed: a creature that struck is closed (BR-10: a closed target does not strike back) and the
opponent strikes it freely on their turn. Here the leaf's turn is ended on a copy (the mover's
``end``, when it is the mover's to play; then the first of each forced decision opening the
opponent's turn, at most 3) and the opponent's strikes are valued as the greedy bot
values them (`greedy.strike_score`: the exact expected material from the fight table): every
attacker's best gaining strike, a target taken once, best first. That expected gain is added to
the opponent's material before the lead is squashed. Where the turn cannot simply be ended (a
pending defence or choice, the end of the game, City), it is `base.evaluate`.

`reply_threat(s, action, seat)` is the same threat after `seat` plays `action` and ends the turn:
`MCTSBot(prior_threat=True)` takes it off the greedy prior of every root action (a two-ply
greedy: my expected gain, less the opponent's expected free strikes).
"""
from __future__ import annotations

from .base import Game, leads, material, squash
from .greedy import strike_score

# kinds that show the opponent's turn is open (its strikes can be listed); before one of them
# only forced decisions are offered
FREE = frozenset(("strike", "move", "end"))
START_STEPS = 3


def turn_threat(s):
    """(seat, expected material) the next player's strikes win right after the mover ends the
    turn; None where the turn cannot simply be ended."""
    if s.GAME != "berserk" or s.phase != "battle" or s.pending is not None:
        return None
    mover = s.active
    if Game.current_player(s) != mover:
        return None
    ends = [a for a in Game.choices(s) if Game.kind(a) == "end"]
    if not ends:
        return None
    w = Game.copy(s)
    Game.apply(w, ends[0])
    return opening_strikes(w, mover)


def opening_strikes(w, mover: int):
    """(seat, expected material) of the strikes that open the next player's turn in `w`, a
    copy just after `mover` ended the turn (it is changed); None where they cannot be read."""
    if Game.is_terminal(w) or w.phase != "battle" or w.active == mover:
        return None
    opp = w.active
    # the start of the opponent's turn may ask for forced decisions first (a triggered ability
    # to declare, BR-12): the first of them is taken, at most `START_STEPS` of them
    for _ in range(START_STEPS + 1):
        if Game.is_terminal(w) or Game.current_player(w) != opp:
            return None
        actions = Game.choices(w)
        if any(Game.kind(a) in FREE for a in actions):
            break
        Game.apply(w, actions[0])
    else:
        return None
    scored = []
    for a in actions:
        if Game.kind(a) == "strike":
            v = strike_score(w, a, opp)
            if v > 0:
                scored.append((v, a.card, a.other))
    scored.sort(key=lambda t: -t[0])
    used, total = set(), 0.0
    for v, attacker, target in scored:
        if attacker in used or target in used:
            continue
        used.update((attacker, target))
        total += v
    return opp, total


def threat_evaluate(s) -> list[float]:
    """A value in (-1, 1) per seat: the exact returns at the end, else the material lead after
    the opponent's strikes of `turn_threat` (their expected gain), squashed."""
    if Game.is_terminal(s):
        return Game.returns(s)
    m = material(s)
    t = turn_threat(s)
    if t is not None:
        m[t[0]] += t[1]
    return [squash(s, x) for x in leads(m)]


def reply_threat(s, action, seat: int) -> float:
    """The opponent's `turn_threat` if `seat` plays `action` in `s` and then ends the turn (0
    where that cannot be read: the game ends, the opponent must answer first, City)."""
    if s.GAME != "berserk" or s.phase != "battle":
        return 0.0
    w = Game.copy(s)
    Game.apply(w, action)
    if Game.is_terminal(w):
        return 0.0
    if w.active != seat:
        t = opening_strikes(w, seat)         # the action ended the turn
    elif Game.current_player(w) != seat:
        return 0.0
    else:
        t = turn_threat(w)
    return t[1] if t is not None and t[0] != seat else 0.0
