"""Declaring abilities and the queue (BR-12, BR-13, BR-14, BR-17, HR-, ruling R-QUEUE).

A declaration names the source, the ability and the targets, and is paid on the spot
(HR-declaration, HR-prepayment). It enters the queue, and the other player may answer with an
instant ability (BR-14), and so on. When both players pass in a row, the last entry resolves
(R-QUEUE: last declared, first resolved). Triggers that fire together enter as one batch: the
inactive player's first, then the active player's, each in the order its owner declares them;
a batch resolves in the order it entered (the seed's worked example), and anything declared in
answer to it resolves before it. A player with no legal answer is not asked: the kernel passes
for them.
"""
from __future__ import annotations

from itertools import combinations

from ..core.messages import Joined, catalog
from . import zones
from .actions import Action
from .effects import apply_effects
from .interned import USE
from .targets import abilities_of, ability_of, host_of, legal_targets, mass_cards, move_cells, target_verdict
from .reach import Scan, infos, plan, printed
from .strike import resolve as strike_resolve
from .triggers import chooser, points
from .turn import check_victory


M = catalog("berserk_kernel.berserk")

# actions built here from cards and abilities already in the position need no field checks:
# the tuple is made directly (a test compares them with `Action(...)` built with the checks)
_new = tuple.__new__


def _act(fields: tuple) -> Action:
    return _new(Action, fields)


_PASS = Action("pass")
_REF = "#{}".format          # a card's reference in the log, "#12"


# --- what may be declared now ----------------------------------------------------------------

def stage_allows(s, ab, fired) -> bool:
    st = s.stage
    if st == "triggers":
        return fired is not None
    if ab.timing == "triggered" or ab.timing == "constant":
        return False
    if st == "queue":
        return ab.timing == "instant"        # answers are instant abilities (BR-14)
    return st == "battle"                    # the active player's own time: activated or instant


def fired_entry(s, uid, ability_id):
    """The undeclared fired trigger `(uid, ability)` of the player choosing now, if any."""
    if s.stage != "triggers":
        return None
    seat = chooser(s)
    for f in s.fired:
        if f["card"] == uid and f["ability"] == ability_id and f["seat"] == seat:
            return f
    return None


def check_source(s, a, fired):
    """HR-source: the declaring card is in play, is the decider's, and has the ability."""
    R = s.RULES
    c = s.cards.get(a.card)
    if c is None:
        return None, R.no("HR-source", M.lazy("no_card", uid=a.card))
    if c.owner != s.to_move:
        return None, R.no("HR-source", M.lazy("not_your_card", uid=a.card))
    d = s.defs[c.card]
    ab = ability_of(s, c.uid, a.ability)[0] if a.ability else None     # printed or granted (CR-204.4)
    if ab is None:
        return None, R.no("HR-source", M.lazy("no_such_ability", card=d, ability=a.ability))
    if fired is None:
        if not c.in_play:
            return None, R.no("CR-play-zone", M.lazy("queue_abilities_work_play_zone"))
        if ab.timing == "triggered":
            return None, R.no("HR-declaration", M.lazy("queue_triggered_ability_declared_when"))
        if ab.timing == "constant":
            return None, R.no("HR-declaration", M.lazy("queue_constant_ability_never_declared"))
        if not stage_allows(s, ab, None):
            if s.stage == "queue":
                return None, R.no("BR-14", M.lazy("queue_instant_action_may_declared"))
            return None, R.no("BR-9", M.lazy("queue_ability_cannot_declared"))
        if c.face_down:
            return None, R.no("BR-8.4", M.lazy("queue_card_still_face_down"))
        if c.closed:
            return None, R.no("BR-9.2", M.lazy("closed_does_not_act", card=d))
    return ab, None


def check_payment(s, c, ab):
    """HR-prepayment: everything before the colon and the per-turn limit, on the spot. The
    conditions are `payment_fault`'s; this words its answer."""
    fault = payment_fault(s, c, ab)
    return None if fault is None else _PAYMENT_REFUSALS[fault](s, c, ab)


def payment_fault(s, c, ab) -> str | None:
    """The first payment condition (HR-prepayment, CR-token-payment) the card `c` fails for
    the ability `ab`: a key of `_PAYMENT_REFUSALS`, or None when it can pay. The one statement
    of these conditions: `check_payment` words the key, the legal list tests it for None."""
    if ab.per_turn and c.used.get(ab.id, 0) >= ab.per_turn:
        return "per_turn"
    if ab.tokens and c.tokens < ab.tokens:
        return "tokens"
    if ab.wounds and s.defs[c.card].lives - c.wounds <= ab.wounds:
        return "wounds"
    if ab.coins and s.seats[c.owner].coins_open < ab.coins:
        return "coins"
    return None


# the refusal each `payment_fault` key stands for: (state, card, ability) -> Verdict
_PAYMENT_REFUSALS = {
    "per_turn": lambda s, c, ab: s.RULES.no("HR-prepayment", M.lazy("per_turn_limit", n=ab.per_turn)),
    "tokens": lambda s, c, ab: s.RULES.no("CR-token-payment", M.lazy("not_enough_tokens", need=ab.tokens, have=c.tokens)),
    "wounds": lambda s, c, ab: s.RULES.no("HR-prepayment", M.lazy("queue_cannot_pay_wounds_card")),
    "coins": lambda s, c, ab: s.RULES.no("HR-prepayment", M.lazy("not_enough_coins", need=ab.coins,
                                                                  have=s.seats[c.owner].coins_open)),
}


def check_use(s, a):
    R = s.RULES
    fired = fired_entry(s, a.card, a.ability)
    if s.stage == "triggers" and fired is None:
        return R.no("HR-simultaneous-triggers", M.lazy("queue_fired_triggers_declared_first"))
    ab, bad = check_source(s, a, fired)
    if bad:
        return bad
    c = s.cards[a.card]
    bad = check_payment(s, c, ab)
    if bad:
        return bad
    return check_targets(s, a, ab, fired)


def check_targets(s, a, ab, fired):
    R = s.RULES
    seat, mode, n = s.cards[a.card].owner, ab.target, len(a.targets)
    pts = points(s, fired) if fired else ()
    if a.cell is not None and not ab.needs_cell:
        return R.no("HR-declaration", M.lazy("queue_ability_names_cell"))
    if mode in ("self", "host", "mass"):
        if n:
            return R.no("HR-targets" if mode != "mass" else "HR-mass-abilities",
                        M.lazy("queue_ability_takes_chosen_targets"))
        if mode == "host" and host_of(s, a.card) is None:
            return R.no("BR-17", M.lazy("queue_there_carrier_ability_cannot"))
        if mode == "self" and not s.cards[a.card].in_play:
            return R.no("BR-17", M.lazy("queue_card_not_play_ability"))
        if mode == "mass":
            return R.ok("HR-mass-abilities")
        return R.ok("HR-502.8" if mode == "self" else "HR-declaration")
    lo, hi = ab.count if mode == "choose" else (1, 1)
    if not lo <= n <= hi or len(set(a.targets)) != n:
        if not legal_targets(s, a.card, ab, seat, pts):
            return R.no("HR-combined-restrictions", M.lazy("queue_target_meets_every_restriction"))
        if hi > 1:
            return R.no("HR-chosen-targets" if mode == "choose" else "HR-targets",
                        M.lazy("choose_targets_range", lo=lo, hi=hi))
        return R.no("HR-chosen-targets" if mode == "choose" else "HR-targets",
                    M.lazy("queue_exactly_one_target_needed"))
    for t in a.targets:
        if mode == "trigger" and t not in pts:
            return R.no("HR-402.2", M.lazy("queue_target_must_one_cards"))
        v = target_verdict(s, a.card, ab, t, seat)
        if not v.ok:
            return v
    if ab.needs_cell and (a.cell is None or a.cell not in move_cells(s, a.targets[0])):
        return R.no("BR-9.1", M.lazy("queue_name_free_cell_next"))
    return R.ok("HR-chosen-targets" if mode == "choose" else "HR-declaration")


def declarations(s, uid, ab, fired=None) -> list[Action]:
    """Every legal declaration of one ability (targets and cells enumerated). Built from the
    same checks as `check_use`; a test compares the two."""
    if check_source(s, _act(("use", uid, None, None, ab.id, ())), fired)[1] or check_payment(s, s.cards[uid], ab):
        return []
    seat = s.cards[uid].owner
    mode = ab.target
    if mode == "host" and host_of(s, uid) is None:
        return []
    if mode in ("self", "host", "mass"):
        out = [_act(("use", uid, None, None, ab.id, ()))]
    else:
        if mode == "trigger":
            legal = legal_targets(s, uid, ab, seat, points(s, fired) if fired else ())
        else:
            # `targets.legal_targets` from the reach tables (no verdict built for each card
            # refused: a fired trigger's declarations are asked at every turn start that fires
            # one); tests/test_fastpath_candidates.py compares the two
            legal = Scan(s).ability_targets(s.cards[uid], ab, seat, plan(ab), printed(ab, s.defs))
        if mode == "choose":
            lo, hi = ab.count
            out = [_act(("use", uid, None, None, ab.id, combo))
                   for k in range(lo, hi + 1) for combo in combinations(legal, k)]
        elif ab.needs_cell:
            out = [_act(("use", uid, None, cell, ab.id, (t,))) for t in legal for cell in move_cells(s, t)]
        else:
            out = [_act(("use", uid, None, None, ab.id, (t,))) for t in legal]
    return out


def candidates(s, scan=None) -> list[Action]:
    """Declarations the decider can make now, and `pass`/`skip` where they apply. `scan`: the
    position's `reach.Scan` when the caller has one."""
    st, me = s.stage, s.to_move
    out = []
    if st == "triggers":
        seen = set()
        for f in s.fired:
            key = (f["card"], f["ability"])
            if f["seat"] != me or key in seen:
                continue
            seen.add(key)
            ab = s.defs[s.cards[f["card"]].card].ability(f["ability"])
            out.extend(declarations(s, f["card"], ab, f))
            out.append(_act(("skip", f["card"], None, None, f["ability"], ())))
        return out
    declarable(s, scan or Scan(s), me, st == "queue", out)
    if st == "queue":
        out.append(_PASS)
    return out


def declarable(s, scan, me, answers: bool, out: list, first: bool = False) -> None:
    """Append the declarations of `me`'s open cards in play (`declare_card`). With `first`,
    stop at the first one found."""
    cards, seat = s.cards, s.seats[me]
    for u in scan.field[me] + seat.aux + seat.attached:
        c = cards[u]
        if not c.closed and not c.face_down:
            declare_card(s, scan, c, answers, out)
            if first and out:
                return


def declare_card(s, scan, c, answers: bool, out: list) -> None:
    """Append the declarations of the open, face-up card `c` in play of the player deciding:
    instant ones only when `answers` (BR-14), else activated and instant ones (the active
    player's own time). The explaining path (`declarations` after `stage_allows`) is taken for
    a card with lasting effects (granted abilities); the rest is built from the same conditions
    as `check_use` without verdicts (tests/test_fastpath_candidates.py compares)."""
    u = c.uid
    if c.lasting:
        for ab in abilities_of(s, u):
            if stage_allows(s, ab, None):
                out.extend(declarations(s, u, ab))
        return
    i = scan.info[c.card]
    for ab, pays, mode, needs_cell, planned, pr in (i.instant_plan if answers else i.battle_plan):
        if pays and payment_fault(s, c, ab) is not None:
            continue
        if mode == "self" or mode == "mass" or (mode == "host" and c.zone == "attached"):
            out.append(USE[u, ab.id][None])
        elif mode == "one" or mode == "choose":
            legal = scan.ability_targets(c, ab, c.owner, planned, pr)
            if not legal:
                continue
            aid, new = ab.id, _new
            if mode == "choose":
                lo, hi = ab.count
                out += [new(Action, ("use", u, None, None, aid, combo))
                        for k in range(lo, hi + 1) for combo in combinations(legal, k)]
            elif needs_cell:
                out += [new(Action, ("use", u, None, cell, aid, (t,))) for t in legal for cell in move_cells(s, t)]
            else:                   # (a loop: a comprehension is a call of its own)
                ut = USE[u, aid]
                for t in legal:
                    out.append(ut[t])


def in_play(s, seat) -> list[int]:
    out = [u for u in s.cells if u is not None and s.cards[u].owner == seat]
    out += s.seats[seat].aux[:]
    out += s.seats[seat].attached
    return out


# --- declaring, paying, passing ----------------------------------------------------------------

def do_use(s, a) -> None:
    c = s.cards[a.card]
    d = s.defs[c.card]
    fired = fired_entry(s, a.card, a.ability) if s.fired else None     # (none fired: not asked)
    ab, holder = ability_of(s, c.uid, a.ability)      # holder: the card definition with the ability
    seat = c.owner
    host = host_of(s, c.uid)
    pay(s, c, ab)
    if s.logs:
        tnames = ", ".join(map(_REF, a.targets))
        if not tnames:                       # (no dict of both references built for the one asked)
            tnames = f"#{c.uid}" if ab.target == "self" else f"#{host}" if ab.target == "host" else "—"
        s._log("HR-declaration", "declare", "declared", {"card": d, "uid": c.uid, "ability": ab.text, "targets": tnames},
               source=c.uid, ability=ab.id, targets=list(a.targets))
    entry = {"source": c.uid, "card": holder, "ability": ab.id, "targets": list(a.targets), "seat": seat,
             "cell": a.cell, "host": host}
    if ab.target == "self":
        entry["targets"] = [c.uid]
    elif ab.target == "host":
        entry["targets"] = [entry["host"]]
    if ab.is_attack and seat == s.active:
        s.attacks_made += 1
    if fired is not None:
        s.fired.remove(fired)
        if s.batch is None:
            s.batch = len(s.queue)
        s.queue.insert(s.batch, entry)       # a batch resolves in the order it entered
    else:
        s.queue.append(entry)                # an answer resolves before what it answers (BR-14)
    s.priority, s.passes = 1 - seat, 0


def pay(s, c, ab) -> None:
    """Pay on declaration; a payment has no source and no target (HR-payment, HR-503.1)."""
    if ab.per_turn:
        c.used = {**c.used, ab.id: c.used.get(ab.id, 0) + 1}   # replaced, not changed in place (undo journal)
    if ab.close:
        c.closed = True
    if ab.tokens:
        c.tokens -= ab.tokens
        s._log("CR-token-payment", "pay", "tokens_paid", {"n": ab.tokens, "left": c.tokens})
    if ab.coins:
        s.seats[c.owner].coins_open -= ab.coins
    if ab.wounds:
        c.wounds += ab.wounds
    if s.logs:          # the words of the payment (a quiet position builds none)
        parts = []
        if ab.per_turn:
            parts.append(M.lazy("pay_limit", used=c.used[ab.id], limit=ab.per_turn))
        if ab.close:
            parts.append(M.lazy("pay_close"))
        if ab.coins:
            parts.append(M.lazy("pay_coins", n=ab.coins))
        if ab.wounds:
            parts.append(M.lazy("pay_wounds", n=ab.wounds))
        if ab.sacrifice:
            parts.append(M.lazy("pay_sacrifice"))
        if parts:
            s._log("HR-payment", "pay", "payment", {"parts": Joined(parts)})
    if ab.sacrifice:
        zones.to_graveyard(s, c.uid, "HR-payment")


# --- resolving ----------------------------------------------------------------------------------

def resolve_top(s) -> None:
    entry = s.queue.pop()
    if s.batch is not None and s.batch > len(s.queue):
        s.batch = None
    ab = s.defs[entry["card"]].ability(entry["ability"])      # HR-declared-persists
    src = s.cards.get(entry["source"])
    if s.logs:
        # a granted ability is named after its user
        name = s.defs[src.card if src is not None else entry["card"]].name
        s._log("R-QUEUE", "resolve", "resolves", {"card": name, "ability": ab.text}, source=entry["source"], ability=ab.id)
    if src is None or src.zone not in zones.PLAY_ZONES:
        s._log("HR-declared-persists", "resolve", "queue_source_left_play_but")
    if ab.target == "mass":
        targets = mass_cards(s, entry["source"], ab, entry["seat"])
    else:
        targets = list(entry["targets"])
        gone = [t for t in targets if t not in s.cards or not s.cards[t].in_play]
        if gone:
            s._log("CR-play-zone", "resolve", "targets_gone", {"uids": ", ".join(f"#{t}" for t in gone)})
    if ab.kind == "directed_strike":
        t = targets[0] if targets else None
        if t is not None and s.cards[t].in_play and src is not None and src.in_play:
            strike_resolve(s, entry["source"], t, None, reclose=False)
        return
    apply_effects(s, entry, ab, targets)


def has_answer(s, seat) -> bool:
    """Can `seat` answer the queue with an instant action now?"""
    cards, info = s.cards, infos(s.defs)
    instants = []                 # `in_play(s, seat)`'s open cards with an instant ability, in its order
    for u in filter(None, s.cells):
        c = cards[u]
        if c.owner == seat and not c.closed and (_has_instant(s, u) if c.lasting else info[c.card].instant):
            instants.append(u)
    p = s.seats[seat]
    for u in p.aux + p.attached:
        c = cards[u]
        if not c.closed and (_has_instant(s, u) if c.lasting else info[c.card].instant):
            instants.append(u)
    if not instants:
        return False
    saved = s.priority
    s.priority = seat
    try:
        out: list = []
        me, answers = s.to_move, s.stage == "queue"
        if me == seat and answers:
            # in answer only instant abilities count: only the cards that have one are asked
            scan = Scan(s)
            for u in instants:
                if not cards[u].face_down:
                    declare_card(s, scan, cards[u], True, out)
                    if out:
                        return True
            return False
        declarable(s, Scan(s), me, answers, out, first=True)
        return bool(out)
    finally:
        s.priority = saved


def _instants_in_play(s) -> bool:
    """Has either player an open card in play with an instant ability (`has_answer`'s first
    question, for both seats at once)?"""
    cards, info = s.cards, infos(s.defs)
    for u in filter(None, s.cells):
        c = cards[u]
        if not c.closed and (_has_instant(s, u) if c.lasting else info[c.card].instant):
            return True
    for p in s.seats:
        for u in p.aux + p.attached:
            c = cards[u]
            if not c.closed and (_has_instant(s, u) if c.lasting else info[c.card].instant):
                return True
    return False


def _has_instant(s, u) -> bool:
    """Has the card with lasting effects an instant ability, granted ones included?"""
    return any(ab.timing == "instant" for ab in abilities_of(s, u))


def settle(s) -> None:
    """Advance the queue as far as it goes without a player's decision.

    The victory check runs after every step that may have moved a card (the action itself, a
    declaration, a resolution); a pass of the priority or a cancelled trigger moves none, so
    the check after it would find what the one before found (`victory` False)."""
    victory = True
    for _ in range(10000):
        if s.phase == "over" or s.pending:
            return
        if victory and check_victory(s):
            return
        victory = True
        if s.fired:
            # the declarations of a fired trigger, kept for the question after this loop: between
            # the two only fired entries go and lines are logged, which they do not read (the
            # chooser they were asked for is the trigger's seat, as it is after the loop)
            known = {}
            for f in list(s.fired):
                ab = s.defs[s.cards[f["card"]].card].ability(f["ability"])
                if f["seat"] != chooser(s):
                    continue
                options = declarations(s, f["card"], ab, f)
                known[id(f)] = (f, options)
                if not options:
                    s.fired.remove(f)
                    s._log("BR-17", "cancel", "cancelled_unpaid", {"ability": ab.text, "uid": f["card"]}, card=f["card"])
                    s._log("HR-combined-restrictions", "cancel", "queue_target_meets_every_restriction_2")
            if not s.fired:
                victory = False          # only fired entries went (no card moved)
                continue
            me = chooser(s)
            mine = [f for f in s.fired if f["seat"] == me]
            if len({(f["card"], f["ability"]) for f in mine}) == 1:
                ab = s.defs[s.cards[mine[0]["card"]].card].ability(mine[0]["ability"])
                f, options = known.get(id(mine[0]), (None, None))
                if f is not mine[0]:
                    options = declarations(s, mine[0]["card"], ab, mine[0])
                if len(options) == 1 and not ab.optional:
                    do_use(s, options[0])
                    continue
            return
        s.batch = None
        if s.queue:
            if s.passes >= 2:
                s.passes = 0
                resolve_top(s)
                s.priority = s.active
                if s.logs and not s.queue and not s.fired and not s.pending:
                    s._log("HR-queue-empty", "queue", "queue_queue_empty_both_passed")
                continue
            if s.passes == 0 and not _instants_in_play(s):
                # neither player holds an open card with an instant ability in play: both pass
                # without being asked (the two passes `has_answer` would find, one loop for both)
                s.passes = 2                 # (the priority goes round to where it was)
                victory = False
                continue
            if not has_answer(s, s.priority):
                s.passes += 1
                s.priority = 1 - s.priority
                victory = False          # a pass moves no card
                continue
            return
        return
