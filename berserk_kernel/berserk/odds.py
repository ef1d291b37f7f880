"""Exact odds of a simple strike before the dice are rolled (BR-10.3, BR-10.4, R-BR-FIGHT).

Every pair of die faces is enumerated with `fractions.Fraction` weights: nothing is sampled.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from .fight import fight, single_die
from .strike import fights_back
from .targets import ability_of, modifier

FACES = range(1, 7)


@dataclass
class StrikeOdds:
    """`fixed` maps (wounds dealt to the target, wounds taken by the attacker) to a probability,
    for the rolls with no choice; `choices` lists (probability, option kept, option taken
    instead, chooser) for the rolls at +4, +2 and -4."""

    fights_back: bool
    fixed: dict = field(default_factory=dict)
    choices: list = field(default_factory=list)

    def distribution(self, policy: str = "exchange") -> dict:
        """The whole distribution when every choice is made one way: ``"exchange"`` keeps the
        table's cell, ``"safe"`` takes the alternative."""
        out = defaultdict(Fraction, self.fixed)
        for p, keep, alt, _chooser in self.choices:
            out[keep if policy == "exchange" else alt] += p
        return dict(out)

    def p_kill(self, lives_left: int, policy: str = "exchange") -> Fraction:
        return sum((p for (dealt, _), p in self.distribution(policy).items() if dealt >= lives_left), Fraction(0))


def strike_odds(strike: tuple, back_strike: tuple | None, white_mod: int = 0, black_mod: int = 0) -> StrikeOdds:
    """Odds of a strike with X-Y-Z `strike` against a target striking back with `back_strike`
    (None when the target does not fight: closed with no defender, or an artifact)."""
    if back_strike is None:
        fixed = defaultdict(Fraction)
        for w in FACES:
            fixed[(strike[single_die(w + white_mod)], 0)] += Fraction(1, 6)
        return StrikeOdds(False, dict(fixed))
    fixed = defaultdict(Fraction)
    choices = []
    p = Fraction(1, 36)

    def value(s, i):
        return 0 if i is None else s[i]

    for w in FACES:
        for b in FACES:
            cell = fight(w + white_mod, b + black_mod)
            keep = (value(strike, cell.deal), value(back_strike, cell.back))
            if cell.has_choice:
                alt = (value(strike, cell.alt_deal), value(back_strike, cell.alt_back))
                choices.append((p, keep, alt, cell.chooser))
            else:
                fixed[keep] += p
    return StrikeOdds(True, dict(fixed), choices)


def odds_for(state, attacker: int, target: int, defender: int | None = None) -> StrikeOdds:
    """The odds of `attacker` striking `target` now (or `defender`, if one is assigned)."""
    fighter = defender if defender is not None else target
    att = state.defs[state.cards[attacker].card]
    fd = state.defs[state.cards[fighter].card]
    back = fd.strike if fights_back(state, target, defender) else None
    return strike_odds(att.strike, back, modifier(state, attacker, "attack_die"),
                       modifier(state, fighter, "defence_die") if back else 0)


def ability_odds(state, source: int, ability_id: str, target: int) -> dict:
    """Exact distribution of the wounds an ability would deal to `target` now: {wounds: p}.

    Fixed damage ("throw for 2") is certain (BR-12.1); rolled damage reads one die with the
    source's attack modifier (BR-12); an attack loses the target's armour."""
    ab = ability_of(state, source, ability_id)[0]
    if ab is None:
        raise KeyError(f"card #{source} has no ability {ability_id!r}")
    if ab.kind == "directed_strike":
        d = state.defs[state.cards[source].card]
        o = strike_odds(d.strike, state.defs[state.cards[target].card].strike if _fights(state, target) else None,
                        modifier(state, source, "attack_die"), modifier(state, target, "defence_die"))
        return {dealt: p for (dealt, _), p in o.distribution().items()}
    armour = modifier(state, target, "armour") if ab.is_attack else 0
    out: dict = defaultdict(Fraction)
    wounds = [e for e in ab.effects if e.op == "wound"]
    if not wounds:
        return {0: Fraction(1)}
    for e in wounds:
        if e.roll:
            bonus = modifier(state, source, "attack_die")
            for face in FACES:
                out[max(0, e.roll[single_die(face + bonus)] - armour)] += Fraction(1, 6)
        else:
            out[max(0, e.amount - armour)] += 1
    return dict(out)


def _fights(state, uid) -> bool:
    c = state.cards[uid]
    return not c.closed and state.defs[c.card].is_creature
