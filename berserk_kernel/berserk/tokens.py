"""Gathering tokens (BR-13): a card closes to take a token, up to its limit (CR-token-limit)."""
from __future__ import annotations

from ..core.messages import catalog

M = catalog("berserk_kernel.berserk")


def check_gather(s, a):
    R = s.RULES
    c = s.cards.get(a.card)
    if c is None or not c.in_play:
        return R.no("CR-play-zone", M.lazy("card_not_in_play_zone", uid=a.card))
    if c.owner != s.active:
        return R.no("BR-9", M.lazy("queue_your_own_cards_gather"))
    if c.face_down:
        return R.no("BR-8.4", M.lazy("queue_card_still_face_down"))
    d = s.defs[c.card]
    if c.closed:
        return R.no("BR-9.2", M.lazy("already_closed", card=d))
    if not any(ab.tokens for ab in d.abilities):
        return s.RULES.no("BR-13", M.lazy("queue_card_use_tokens_none"))
    if d.max_tokens is not None and c.tokens >= d.max_tokens:
        return s.RULES.no("CR-token-limit", M.lazy("token_limit", n=d.max_tokens))
    return s.RULES.ok("BR-13")


def do_gather(s, a) -> None:
    c = s.cards[a.card]
    c.closed = True
    c.tokens += 1
    s._log("BR-13", "tokens", "gathers_token", {"card": s.defs[c.card], "uid": c.uid, "n": c.tokens}, card=c.uid)
