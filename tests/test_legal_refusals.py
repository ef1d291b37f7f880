"""The explaining checks and the legal list share one statement of their conditions
(`placement.host_fault`, `queue.payment_fault`): the refusals `check_host` and `check_payment`
word from it are the refusals they gave before (rule id, Russian and English text), kept here
word for word as the references, over every item/carrier and card/ability pair of seeded random
classic and Heroes positions; the hiring list's `host_ok` and the battle list's payment test
accept exactly what the checks accept."""
from __future__ import annotations

import random
from dataclasses import replace

from berserk_kernel.berserk import new_game, placement, queue, zones
from berserk_kernel.berserk.agents import choose
from berserk_kernel.core.dice import Dice

M = placement.M


# --- the references: the checks as they were before host_fault / payment_fault ------------------

def old_check_host(s, item: int, host: int, hiring: bool = False):
    it, h = s.cards[item], s.cards.get(host)
    if hiring and h is not None and h.uid == item:
        h = None
    d = s.defs[it.card]
    rule = "BR-6" if d.type == "equipment" else "R-BR-SYMBIOTE"
    if h is None or h.owner != it.owner or h.zone != "field" or h.face_down:
        return s.RULES.no(rule, f"#{host} — не ваше открытое существо на поле.", f"#{host} is not a face-up creature of yours on the field.")
    hd = s.defs[h.card]
    if hd.type == "artifact":
        return s.RULES.no("BR-5", "На артефакт нельзя ничего положить.", "Nothing goes on an artifact.")
    if hd.kind != "ground":
        return s.RULES.no(rule, M.lazy("not_ground_independent", card=hd))
    others = [s.defs[s.cards[u].card] for u in zones.attachments(s, host)]
    if d.type == "equipment":
        if not hd.klass:
            return s.RULES.no("BR-6", M.lazy("no_class", card=hd))
        if hd.incorporeal:
            return s.RULES.no("BR-6", M.lazy("incorporeal", card=hd))
        if any(o.equipment == d.equipment for o in others):
            return s.RULES.no("BR-6", "У существа уже есть экипировка этого типа.", "The creature already carries equipment of this type.")
        return s.RULES.ok("BR-6")
    if any(o.is_symbiote for o in others):
        return s.RULES.no("R-BR-SYMBIOTE", "На существе уже есть симбиот.", "The creature already carries a symbiote.")
    return s.RULES.ok("R-BR-SYMBIOTE")


def old_check_payment(s, c, ab):
    R = s.RULES
    if ab.per_turn and c.used.get(ab.id, 0) >= ab.per_turn:
        return R.no("HR-prepayment", M.lazy("per_turn_limit", n=ab.per_turn))
    if ab.tokens and c.tokens < ab.tokens:
        return R.no("CR-token-payment", M.lazy("not_enough_tokens", need=ab.tokens, have=c.tokens))
    if ab.wounds and s.defs[c.card].lives - c.wounds <= ab.wounds:
        return R.no("HR-prepayment", "Нечем заплатить ранами: карта бы погибла.", "Cannot pay in wounds: the card would die.")
    if ab.coins and s.seats[c.owner].coins_open < ab.coins:
        return R.no("HR-prepayment", M.lazy("not_enough_coins", need=ab.coins, have=s.seats[c.owner].coins_open))
    return None


def _texts(v) -> tuple | None:
    return None if v is None else (v.ok, v.rule_id, v.ru, v.en)


def _positions(mode: str, seeds, every: int = 4):
    for seed in seeds:
        s = new_game(seed=seed, mode=mode)
        dice, rng = Dice(seed), random.Random(seed)
        k = 0
        while s.phase != "over" and k < 600:
            legal = s.legal_actions()
            if k % every == 0 and s.phase in ("attach", "battle"):
                yield s
            k += 1
            a = legal[rng.randrange(len(legal))] if k % 3 == 0 else choose(s, dice, legal)
            s.apply(a, history=False)


def test_host_refusals_are_the_refusals_before():
    """Every equipment or symbiote of the game on every card on a cell, a few cards out of play
    and a uid no card has, with and without `hiring`: the same verdict as before; `host_ok`
    (the hiring list) accepts exactly the carriers `check_host` accepts; each condition met."""
    met: set = set()
    n = 0
    for mode, seeds in (("classic", range(3)), ("heroes", range(4))):
        for s in _positions(mode, seeds, every=6):
            items = [u for u, c in s.cards.items()
                     if s.defs[c.card].type == "equipment" or s.defs[c.card].is_symbiote]
            others = [u for u, c in s.cards.items() if not c.in_play][:3] + [max(s.cards) + 1]
            for item in items:
                it = s.cards[item]
                for host in [u for u in s.cells if u is not None] + others:
                    for hiring in (False, True):
                        new, old = placement.check_host(s, item, host, hiring), old_check_host(s, item, host, hiring)
                        assert _texts(new) == _texts(old), (mode, item, host, hiring)
                        n += 1
                    h = s.cards.get(host)
                    if h is not None and h.uid != item and h.owner == it.owner and h.zone == "field" \
                            and not h.face_down:
                        assert placement.host_ok(s, item, host) == old_check_host(s, item, host, True).ok
                        met.add((s.defs[it.card].type, placement.host_fault(s, s.defs[it.card], h)))
    assert met == {("equipment", None), ("creature", None), ("equipment", "artifact"), ("creature", "artifact"),
                   ("equipment", "no_class"), ("equipment", "same_equipment"), ("creature", "has_symbiote"),
                   ("equipment", "incorporeal"), ("equipment", "not_ground"), ("creature", "not_ground")}, met
    assert n > 10000, n


def test_payment_refusals_are_the_refusals_before():
    """Each card's costed abilities as the card stands, then with the card pushed past each
    limit in turn (a coin cost is added to the ability, as no card of the set has one)."""
    met: dict = {}
    for mode, seeds in (("classic", range(3)), ("heroes", range(3))):
        for s in _positions(mode, seeds, every=10):
            for c in list(s.cards.values()):
                p = s.seats[c.owner]
                for ab in s.defs[c.card].abilities:
                    if not (ab.per_turn or ab.tokens or ab.wounds):
                        continue
                    saved = (c.used, c.tokens, c.wounds, p.coins_open)
                    lives = s.defs[c.card].lives
                    trials = [(ab, {}), (ab, {"used": {ab.id: ab.per_turn}} if ab.per_turn else {}),
                              (ab, {"tokens": 0}), (ab, {"wounds": max(0, lives - ab.wounds)}),
                              (replace(ab, coins=2), {"coins_open": 1}), (replace(ab, coins=1), {"coins_open": 1})]
                    for a, fields in trials:
                        for k, v in fields.items():
                            setattr(p if k == "coins_open" else c, k, v)
                        new, old = queue.check_payment(s, c, a), old_check_payment(s, c, a)
                        assert _texts(new) == _texts(old), (mode, c.uid, a.id, fields)
                        fault = queue.payment_fault(s, c, a)
                        assert (fault is None) == (old is None)
                        if old is not None:
                            met[fault] = (old.rule_id, old.en)
                        c.used, c.tokens, c.wounds, p.coins_open = saved
    assert met == {"per_turn": ("HR-prepayment", "Limit: 1 time a turn."),
                   "tokens": ("CR-token-payment", met["tokens"][1]),
                   "wounds": ("HR-prepayment", "Cannot pay in wounds: the card would die."),
                   "coins": ("HR-prepayment", met["coins"][1])}, met
