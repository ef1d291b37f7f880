"""Every outcome at a glance: each legal action of the decision on the board with its exact
outcome distribution (wounds dealt and taken, cards killed and lost, the game won).

    >>> from berserk_kernel.berserk import position
    >>> from berserk_kernel.berserk.outcomes import outcomes
    >>> rows = outcomes(position("A gorge_warden c2", "B bog_troll c3"))
    >>> rows[0].action, rows[0].distribution[0], rows[0].expected["dealt"]

How: every action is applied by the kernel itself on a copy of the position. An action that
rolls is applied once per die face (forced dice, `core.outcomes.ProbeDice`); for a strike the
36 pairs of faces are first grouped by the fight-table cell they read (R-BR-FIGHT, BR-10.3): the
cell, not the faces, decides what happens, so one pair per cell is applied with the cell's
weight (tests compare this with all 36 pairs). Decisions the action leads to are taken as a
side would: a defender (BR-10.2) and a fight-table option (R-BR-FIGHT) are chosen by their side
for its better expected balance, and a declared ability resolves as if nobody answers (BR-14).
The position itself is never changed. Answers are cached per position.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from ..core.i18n import T
from ..core.messages import catalog
from ..core.outcomes import legal_action, NeedDie, Row, make_row, probe_copy
from .actions import Action
from .fight import fight, single_die
from .strike import fights_back
from .targets import modifier

M = catalog("berserk_kernel.berserk")

METRICS = ("dealt", "taken", "kills", "losses", "win")
METRIC_NAMES = {
    "dealt": T("нанесено ран", "wounds dealt"),
    "taken": T("получено ран", "wounds taken"),
    "kills": T("убито врагов", "enemies killed"),
    "losses": T("потеряно своих", "own cards lost"),
    "win": T("победа", "victory"),
}
MAX_DEPTH = 4          # decisions followed after the action (defender, option, passes)
MAX_DICE = 4           # dice enumerated face by face beyond the grouped strike
PASS = Action("pass")
CHOICES = (Action("exchange"), Action("safe"))     # both always open at a fight-table choice


@dataclass(frozen=True)
class Outcome:
    """What one way of the action ends: counted for the player who decides now."""

    dealt: int = 0
    taken: int = 0
    kills: int = 0
    losses: int = 0
    end: str = ""          # "", "win", "loss" or "draw"

    def metrics(self) -> dict:
        return {"dealt": self.dealt, "taken": self.taken, "kills": self.kills, "losses": self.losses,
                "win": int(self.end == "win")}

    def sort_key(self):
        return (-self.dealt, self.taken, -self.kills, self.losses, self.end)

    def score(self) -> int:
        """The balance a side weighs its choices by (its own view: higher is better)."""
        return self.dealt - self.taken + 4 * (self.kills - self.losses) + 100 * (
            (self.end == "win") - (self.end == "loss"))

    def tone(self) -> str:
        """"win", "loss", "good", "bad" or "even": how the player who decides sees it."""
        if self.end in ("win", "loss"):
            return self.end
        sc = self.score()
        return "good" if sc > 0 else "bad" if sc < 0 else "even"

    def text(self, lang: str = "ru") -> str:
        parts = [f"{METRIC_NAMES[m].get(lang)}: {v}" for m, v in
                 (("dealt", self.dealt), ("taken", self.taken), ("kills", self.kills), ("losses", self.losses)) if v]
        if self.end:
            parts.append(_END[self.end].get(lang))
        return " · ".join(parts) if parts else _NOTHING.get(lang)

    def __str__(self) -> str:
        return self.text("en")


_END = {"win": T("победа", "victory"), "loss": T("поражение", "defeat"), "draw": T("ничья", "draw")}
_NOTHING = T("без ран и потерь", "no wounds, no losses")

_CACHE: dict = {}
_CACHE_MAX = 64


def outcomes(state) -> list[Row]:
    """The rows of the decision on the board, in the order of ``legal_actions()``."""
    key = _cache_key(state)
    rows = _CACHE.get(key) if key is not None else None
    if rows is None:
        mover = state.to_move
        rows = [] if mover is None else [_row(state, a, mover) for a in state.legal_actions()]
        if key is not None:
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[key] = rows
    return list(rows)


def row(state, action) -> Row:
    """One legal action's `Row`; an illegal one raises `IllegalAction` with its rule id."""
    return _row(state, legal_action(state, action), state.to_move)


def _row(state, action, mover) -> Row:
    # `action` is legal here: the copies perform it without checking it again
    notes: dict = {}
    dist, rolled = _action_dist(baseline(state, mover), state, action, mover, 0, notes)
    note = None
    if notes:
        note = T("; ".join(t.ru for t in notes.values()), "; ".join(t.en for t in notes.values()))
    return make_row(action, dist, METRICS, note, rolled)


def _cache_key(state):
    if hasattr(state, "key"):
        try:
            return ("berserk", state.key())
        except Exception:   # noqa: BLE001 - a key is an optimisation, never a failure
            return None
    return ("berserk", state.state_hash())


# --- enumeration --------------------------------------------------------------------------

def _action_dist(base, parent, action, mover, depth, notes) -> tuple[dict, bool]:
    out: dict = defaultdict(Fraction)
    leaves = _enumerate(parent, action)
    for leaf, w in leaves:
        for o, p in _settle(base, leaf, mover, depth, notes).items():
            out[o] += w * p
    return dict(out), len(leaves) > 1 or leaves[0][1] != 1


def _enumerate(parent, action) -> list:
    """[(position after `action`, probability)] over every die face the action rolls."""
    reps = _strike_groups(parent, action)
    if reps is None or action.kind == "strike":     # a strike may wait for a defender first
        try:
            leaf = probe_copy(parent)
            leaf._perform(action)
            return [(leaf, Fraction(1))]
        except NeedDie:
            pass
    if reps is not None:
        out = []
        for faces, w in reps:
            got = _faces(parent, action, faces, w, len(faces) + MAX_DICE)
            if got is None:
                break
            out += got
        else:
            return out
    return _faces(parent, action, (), Fraction(1), MAX_DICE + 2, strict=False)


def _faces(parent, action, faces, weight, limit, strict=True):
    """Apply with `faces` forced; branch on every further die. With `strict`, None when the
    action used fewer dice than given (the grouping did not fit)."""
    leaf = probe_copy(parent, faces)
    try:
        leaf._perform(action)
    except NeedDie as need:
        if len(faces) >= limit:
            raise ValueError(f"{action}: more than {limit} dice to enumerate") from None
        out = []
        for f in range(1, need.sides + 1):
            got = _faces(parent, action, faces + (f,), weight / need.sides, limit, strict=False)
            out += got
        return out
    if strict and leaf.dice.forced:
        return None
    return [(leaf, weight)]


def _strike_groups(s, a):
    """One pair of faces per fight-table cell a strike can read, with its weight; None when
    the action is no strike resolved now or the position has forced dice of its own."""
    if s.dice.forced:
        return None
    if a.kind == "strike":
        att, tgt, dfd = a.card, a.other, None
    elif a.kind in ("defend", "nodefend") and s.pending and s.pending.get("kind") == "defend":
        att = s.pending["attacker"]
        tgt, dfd = (a.card, a.card) if a.kind == "defend" else (s.pending["target"], None)
    else:
        return None
    wm = modifier(s, att, "attack_die")
    groups: dict = {}
    if fights_back(s, tgt, dfd):
        bm = modifier(s, tgt, "defence_die")
        for w in range(1, 7):
            for b in range(1, 7):
                cell = fight(w + wm, b + bm)
                faces, n = groups.get(cell, ((w, b), 0))
                groups[cell] = (faces, n + 1)
        return [(faces, Fraction(n, 36)) for faces, n in groups.values()]
    for w in range(1, 7):
        faces, n = groups.get(single_die(w + wm), ((w,), 0))
        groups[single_die(w + wm)] = (faces, n + 1)
    return [(faces, Fraction(n, 6)) for faces, n in groups.values()]


# --- what follows the action ---------------------------------------------------------------

def _settle(base, leaf, mover, depth, notes) -> dict:
    """{Outcome: p} once the decisions the action opened are taken."""
    stage = leaf.stage
    if leaf.phase == "over" or depth >= MAX_DEPTH:
        return {_measure(base, leaf, mover): Fraction(1)}
    if stage in ("pending:defend", "pending:choice"):
        decider = leaf.to_move
        best = None
        for opt in (CHOICES if stage == "pending:choice" else leaf.legal_actions()):
            dist, _ = _action_dist(base, leaf, opt, mover, depth + 1, notes)
            value = sum(p * o.score() for o, p in dist.items()) * (1 if decider == mover else -1)
            if best is None or value > best[0]:
                best = (value, opt, dist)
        _, opt, dist = best
        who = leaf.seats[decider].name
        if stage == "pending:choice":
            notes["choice"] = M("outcome_note_choice")
        elif opt.kind == "defend":
            notes["defend"] = M("outcome_note_defend", who=who, card=leaf.defs[leaf.cards[opt.card].card], uid=opt.card)
        else:
            notes["defend"] = M("outcome_note_nodefend", who=who)
        return dist
    if stage == "queue" and leaf.is_legal(PASS):
        notes["queue"] = M("outcome_note_queue")
        dist, _ = _action_dist(base, leaf, PASS, mover, depth + 1, notes)
        return dist
    if stage == "triggers":
        notes["triggers"] = M("outcome_note_triggers")
    return {_measure(base, leaf, mover): Fraction(1)}


def baseline(root, mover) -> tuple:
    """(uid, is it the mover's, wounds) of every card in play before the action."""
    return tuple((uid, c.owner == mover, c.wounds) for uid, c in root.cards.items() if c.in_play)


def measure(root, leaf, mover) -> Outcome:
    """Wounds and deaths between two positions, counted for seat `mover`."""
    return _measure(baseline(root, mover), leaf, mover)


def _measure(base, leaf, mover) -> Outcome:
    """`kills` and `losses` count the cards that left play: destroyed, or sent back to the deck
    (CR-204.4, where the card becomes a new card under a new uid)."""
    dealt = taken = kills = losses = 0
    after = leaf.cards
    for uid, mine, wounds in base:
        lc = after.get(uid)
        if lc is None:      # returned to its owner's deck as a new card (CR-204.4): out of play
            dw, dead = 0, True
        else:
            dw = lc.wounds - wounds if lc.wounds > wounds else 0
            dead = lc.zone == "graveyard"
        if mine:
            taken += dw
            losses += dead
        else:
            dealt += dw
            kills += dead
    end = ""
    if leaf.phase == "over":
        end = "draw" if leaf.winner == "draw" else "win" if leaf.winner == mover else "loss"
    return Outcome(dealt, taken, kills, losses, end)
