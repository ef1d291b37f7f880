"""Triggered abilities fire on events and wait to be declared (HR-simultaneous-triggers,
HR-402.2). Only the play zone counts (CR-play-zone), except a card's own "dies" trigger, which
fires as it leaves."""
from __future__ import annotations

from .reach import infos
from .zones import PLAY_ZONES


def fire(s, event: str, uid: int, point: int | None = None) -> None:
    """Card `uid`'s abilities on `event` fire (point: the card the event concerns)."""
    c = s.cards.get(uid)
    if c is None or (event != "dies" and (c.zone not in PLAY_ZONES or c.face_down)) or s.phase == "over":
        return
    point = point if point is not None else uid
    for ab in s.defs[c.card].abilities:
        if ab.timing == "triggered" and ab.trigger == event:
            same = [f for f in s.fired if f["card"] == uid and f["ability"] == ab.id]
            pool = same[0]["points"] if same else []
            pool.append(point)                     # one pool of trigger points per ability (HR-402.2)
            s.fired.append({"card": uid, "ability": ab.id, "seat": c.owner, "points": pool})
            d = s.defs[c.card]
            s._log("HR-simultaneous-triggers", "trigger", "triggers_triggers",
                   {"text": ab.text, "d_name": d.name, "uid": uid}, card=uid, ability=ab.id)


def fire_turn_start(s, seat: int, starts: bool | None = None) -> None:
    """The turn-start triggers of `seat`'s cards in play fire. `starts`: whether one of them has
    such a trigger, when the caller has just read them all (None: read here)."""
    cards, info, p = s.cards, infos(s.defs), s.seats[seat]
    # most turns no card in play has a turn-start trigger: then nothing fires (no scan of every card)
    if starts is None:
        starts = any(info[cards[u].card].turn_start for u in p.aux + p.attached) or any(
            info[cards[u].card].turn_start for u in s.cells if u is not None and cards[u].owner == seat)
    if not starts:
        return
    # the player's cards in play (the field's cells, the auxiliary zone, the attached ones) whose
    # definition has a turn-start trigger (`fire` reads the same abilities: the others would find
    # none), fired in the order of the card table (read only when there are several: most turns
    # one card fires, and the table holds every card of the game)
    mine = [u for u in s.cells if u is not None and cards[u].owner == seat and info[cards[u].card].turn_start]
    mine += [u for u in p.aux + p.attached if info[cards[u].card].turn_start]
    if len(mine) > 1:
        chosen = set(mine)
        mine = [u for u in cards if u in chosen]
    for uid in mine:
        fire(s, "turn_start", uid)


def points(s, entry) -> list[int]:
    """Every trigger point of the same ability fired in this batch, declared or not (HR-402.2)."""
    return list(dict.fromkeys(entry["points"]))


def chooser(s) -> int:
    """The inactive player's triggers enter first, each player ordering their own (HR-simultaneous-triggers)."""
    inactive = 1 - s.active
    return inactive if any(f["seat"] == inactive for f in s.fired) else s.active
