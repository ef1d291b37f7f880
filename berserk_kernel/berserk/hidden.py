"""What a Berserk seat cannot see (the game's part of `view` and `sample_world`, core/contract.py).

A seat cannot see the identities of the other seat's cards in its deck, deal, squad, hand or
set aside (``removed``), nor of its face-down cards in play; nobody sees the order of a deck
(CR-deck-order). `canonical_hidden` puts the hidden identities in a canonical assignment (the
sorted card ids on the sorted uids) and sorts the decks; `deal_hidden` deals the same multiset of
identities at random and shuffles the decks. (The position key is `zones.position_key`.)
"""
from __future__ import annotations

HIDDEN_ZONES = frozenset(("deck", "deal", "squad", "hand", "removed"))
PLAY_ZONES = frozenset(("field", "aux", "attached"))


def hidden_uids(s, seat: int) -> list[int]:
    """Uids of the cards whose identity `seat` cannot see, sorted."""
    return sorted(u for u, c in s.cards.items()
                  if c.owner != seat and (c.zone in HIDDEN_ZONES or (c.zone in PLAY_ZONES and c.face_down)))


def _relabel(s, uids: list, ids: list) -> None:
    """Give the cards `uids` the identities `ids`, on fresh card records and a fresh table (a
    clone for search may share records with its original)."""
    cards = s.cards = dict(s.cards)
    for u, cid in zip(uids, ids):
        if cards[u].card != cid:
            c = cards[u] = cards[u].copy()
            c.card = cid


def canonical_hidden(s, seat: int) -> None:
    """In place: the hidden identities as sorted card ids on sorted uids, every deck sorted."""
    uids = hidden_uids(s, seat)
    _relabel(s, uids, sorted(s.cards[u].card for u in uids))
    s.seats = [p.copy() for p in s.seats]
    for p in s.seats:
        p.deck.sort()


def deal_hidden(s, seat: int, rng) -> None:
    """In place: the hidden identities dealt at random (same multiset), every deck shuffled."""
    uids = hidden_uids(s, seat)
    ids = [s.cards[u].card for u in uids]
    rng.shuffle(ids)
    _relabel(s, uids, ids)
    s.seats = [p.copy() for p in s.seats]
    for p in s.seats:
        rng.shuffle(p.deck)
