"""Zones and the cards in them (CR-201.1 to CR-205.1.1, BR-3, BR-4).

Every card instance is a `CardState` and sits in exactly one zone: ``deck``, ``deal``,
``squad`` (bought, not yet placed), ``field``, ``aux``, ``attached`` (on a host), ``graveyard``,
``removed`` (set aside by a re-deal, R-BR-REDEAL) or ``hand`` (Heroes mode, R-HEROES). The play zone is field + aux + attached.
"""
from __future__ import annotations

import weakref
from operator import attrgetter

from ..core.i18n import T

PLAY_ZONES = frozenset(("field", "aux", "attached"))


_SET = object.__setattr__
# cards made outside a position's own copy (a new game, a scenario, a view's relabelled copy, a
# test): a position binds its cards to its undo journal again when this count has moved
MINTED = [0]


class _CardFields:
    """The fields of a card, without the undo journal's hook (`CardState.copy` fills these
    plain slots at full speed, then turns the record into a `CardState`)."""

    __slots__ = ("uid", "card", "owner", "zone", "cell", "host", "closed", "face_down",
                 "wounds", "moves", "tokens", "flyer_strike", "poison", "used", "taunt", "lasting", "_j", "_k")


class CardState(_CardFields):
    """One physical card in one game. `card` is the id of its `CardDef`.

    Every change of a field is written to the undo journal of the position holding the card
    (``_j``, a list of ``(card, field, old value, old key part)``; None for a card of no position), so
    `BerserkState` steps back by playing the journal backwards instead of copying all cards
    (berserk/undo.py), and drops the card's part of the position key (``_k``, rebuilt when
    `position_key` next asks). Fields are set, never changed in place (``used`` is replaced,
    not updated), so the journal and the key see every change."""

    __slots__ = ()

    def __init__(self, uid: int, card: str, owner: int, zone: str = "deck"):
        _SET(self, "_j", None)
        _SET(self, "_k", None)
        MINTED[0] += 1
        self.uid = uid
        self.card = card
        self.owner = owner
        self.zone = zone
        self.cell: int | None = None
        self.host: int | None = None
        self.closed = False
        self.face_down = False
        self.wounds = 0
        self.moves = 0
        self.tokens = 0
        self.flyer_strike = False     # earned by BR-11.1
        self.poison = 0               # R-BR-POISON
        self.used: dict = {}          # ability id -> uses this turn (per-turn limits, HR-prepayment)
        self.taunt = 0                # the turn in which the opponent's first attack must target it
        self.lasting: tuple = ()      # Lasting effects left by abilities (lasting.py)

    def __setattr__(self, name, value):
        j = self._j
        k = self._k
        if j is not None:
            j.append((self, name, getattr(self, name), k))
        _SET(self, name, value)
        if k is not None:             # (most changes meet no key part: none is set again)
            _SET(self, "_k", None)
        if name == "card":
            MINTED[0] += 1            # identities changed: cached key parts are stale

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in _CardFields.__slots__ if hasattr(self, name)}

    def __setstate__(self, state) -> None:
        """For pickle and deepcopy (OpenSpiel serializes states): set the slots past the hook."""
        if isinstance(state, tuple):          # (None, slots) as the default protocol gives it
            state = state[1] or {}
        _SET(self, "_j", None)
        _SET(self, "_k", None)
        for name, value in state.items():
            _SET(self, name, value)
        MINTED[0] += 1                        # made outside a copy: positions bind again

    def copy(self, journal: list | None = None) -> "CardState":
        """An equal card, bound to `journal` (the copying position's) or to none."""
        c = _CardFields.__new__(_CardFields)
        c.uid, c.card, c.owner, c.zone, c.cell, c.host = self.uid, self.card, self.owner, self.zone, self.cell, self.host
        c.closed, c.face_down, c.wounds, c.moves, c.tokens = self.closed, self.face_down, self.wounds, self.moves, self.tokens
        # `used` is replaced, never changed in place (see above): the copy may share it
        c.flyer_strike, c.poison, c.used, c.taunt = self.flyer_strike, self.poison, self.used, self.taunt
        c.lasting = self.lasting      # a tuple of frozen records: shared safely
        c._j, c._k = journal, self._k
        c.__class__ = CardState
        if journal is None:
            MINTED[0] += 1
        return c

    @property
    def in_play(self) -> bool:
        return self.zone in PLAY_ZONES


# journal entries of seats (the fourth item, where a card's entry keeps its old key part):
# a zone list's old contents, or a seat field's old value (berserk/undo.py plays them back)
class _Entry:
    """A marker kept by identity; pickled and deep-copied as itself (a module global)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __reduce__(self):
        return self.name


LIST_ENTRY = _Entry("LIST_ENTRY")
SEAT_ENTRY = _Entry("SEAT_ENTRY")
_LIST_SET = list.__setitem__
_ALL = slice(None)
ZONE_LISTS = ("deck", "deal", "squad", "graveyard", "removed", "aux", "attached", "hand")


def _saved(lst) -> None:
    """Before a zone list changes: its seat's key part (kept for undo where a field name stands)
    and its old contents go to the journal."""
    o = lst._o
    k = None
    if o is not None and (o := o()) is not None:
        k = o._k
        if k is not None:
            _SET(o, "_k", None)
    j = lst._j
    if j is not None:
        j.append((lst, k, lst[:], LIST_ENTRY))


class SeatList(list):
    """A seat's zone list: a list whose every change first writes its old contents to the undo
    journal of the position holding the seat (``_j``; None for a seat of no position), so an
    undo mark keeps no copy of the seats and undo puts back only the lists that changed; and
    drops the key part of its seat (``_o``, a weak reference: a seat and its lists make no
    cycle, so a dropped position is freed at once), rebuilt when `position_key` next asks."""

    __slots__ = ("_j", "_o")

    def append(self, x):
        _saved(self)
        list.append(self, x)

    def extend(self, xs):
        _saved(self)
        list.extend(self, xs)

    def insert(self, i, x):
        _saved(self)
        list.insert(self, i, x)

    def remove(self, x):
        _saved(self)
        list.remove(self, x)

    def pop(self, i=-1):
        _saved(self)
        return list.pop(self, i)

    def clear(self):
        _saved(self)
        list.clear(self)

    def sort(self, *, key=None, reverse=False):
        _saved(self)
        list.sort(self, key=key, reverse=reverse)

    def reverse(self):
        _saved(self)
        list.reverse(self)

    def __setitem__(self, i, x):
        _saved(self)
        list.__setitem__(self, i, x)

    def __delitem__(self, i):
        _saved(self)
        list.__delitem__(self, i)

    def __iadd__(self, xs):
        _saved(self)
        return list.__iadd__(self, xs)

    def __imul__(self, n):
        _saved(self)
        return list.__imul__(self, n)

    def __reduce__(self):
        # the journal as state (set once the list exists: the journal refers to the list)
        return _unbound_list, (list(self),), (None, {"_j": self._j})    # its seat sets `_o`


def seat_list(items, journal, owner=None) -> SeatList:
    """A `SeatList` of `items` bound to `journal`, of the seat `owner` (a weak reference)."""
    lst = SeatList(items)
    lst._j, lst._o = journal, owner
    return lst


_ref = weakref.ref


def _unbound_list(items) -> SeatList:
    return seat_list(items, None)


class _SeatFields:
    __slots__ = ("name", "deck", "deal", "squad", "graveyard", "removed", "aux", "attached", "gold", "silver",
                 "redeals", "bought", "hand", "coins", "coins_open", "failed_draws", "hero", "_j", "_k", "__weakref__")


class Seat(_SeatFields):
    """What one player holds. Seat 0 is the first player once the order is chosen (BR-7.1).

    As a card's fields (`CardState`), every change of a seat goes to the undo journal of the
    position holding it (``_j``): a field set writes its old value, a zone list (`SeatList`)
    its old contents. A list set on a seat becomes a new `SeatList` of the same items. Any
    change drops the seat's part of the position key (``_k``, rebuilt when `position_key` asks)."""

    __slots__ = ()

    def __init__(self, name: str):
        _SET(self, "_j", None)
        _SET(self, "_k", None)
        self.name = name
        self.deck: list[int] = []        # hidden, order fixed but shuffled on every draw/insert (CR-deck-order)
        self.deal: list[int] = []
        self.squad: list[int] = []       # bought, waiting to be placed
        self.graveyard: list[int] = []   # bottom first, top last (CR-205.1, CR-205.1.1)
        self.removed: list[int] = []
        self.aux: list[int] = []         # flyers and terrain (CR-203.1)
        self.attached: list[int] = []    # equipment and symbiotes on a carrier (BR-6, R-BR-SYMBIOTE)
        self.gold = 0
        self.silver = 0
        self.redeals = 0
        self.bought = False
        self.hand: list[int] = []        # Heroes mode (R-HEROES)
        self.coins = 0                   # coin markers owned
        self.coins_open = 0              # of which open (spendable)
        self.failed_draws = 0
        self.hero: int | None = None

    def __setattr__(self, name, value):
        j = self._j
        if isinstance(value, list):
            value = seat_list(value, j, _ref(self))
        if j is not None:
            j.append((self, name, getattr(self, name), SEAT_ENTRY))
        _SET(self, name, value)
        _SET(self, "_k", None)

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in _SeatFields.__slots__ if name != "__weakref__" and hasattr(self, name)}

    def __setstate__(self, state) -> None:
        """For pickle and deepcopy: set the slots past the hook."""
        if isinstance(state, tuple):          # (None, slots) as the default protocol gives it
            state = state[1] or {}
        _SET(self, "_j", state.get("_j"))
        _SET(self, "_k", None)
        me = _ref(self)
        for name, value in state.items():
            if value.__class__ is SeatList:
                value._o = me                 # the very list (the journal may refer to it)
            elif isinstance(value, list):
                value = seat_list(value, self._j, me)
            _SET(self, name, value)

    def copy(self, journal: list | None = None) -> "Seat":
        """An equal seat, bound to `journal` (the copying position's) or to none."""
        s = _SeatFields.__new__(_SeatFields)
        s.name, s._j, s._k = self.name, journal, self._k
        r = _ref(s)
        s.deck, s.deal, s.squad = seat_list(self.deck, journal, r), seat_list(self.deal, journal, r), seat_list(self.squad, journal, r)
        s.graveyard, s.removed = seat_list(self.graveyard, journal, r), seat_list(self.removed, journal, r)
        s.aux, s.attached = seat_list(self.aux, journal, r), seat_list(self.attached, journal, r)
        s.gold, s.silver, s.redeals, s.bought = self.gold, self.silver, self.redeals, self.bought
        s.hand, s.coins, s.coins_open = seat_list(self.hand, journal, r), self.coins, self.coins_open
        s.failed_draws, s.hero = self.failed_draws, self.hero
        s.__class__ = Seat
        return s

    def bind(self, journal: list | None) -> None:
        """Write this seat's changes (and its lists') to `journal` from now on."""
        _SET(self, "_j", journal)
        r = _ref(self)
        for name in ZONE_LISTS:
            lst = getattr(self, name)
            lst._j, lst._o = journal, r

    def zone_list(self, zone: str):
        return {"deck": self.deck, "deal": self.deal, "squad": self.squad, "graveyard": self.graveyard,
                "removed": self.removed, "aux": self.aux, "hand": self.hand, "attached": self.attached}.get(zone)


WHY_DRAW = T("из неё взяты карты", "cards were taken from it")
WHY_PUT = T("в неё положены карты", "cards were put into it")
WHY_LOOK = T("её просмотрели", "it was looked at")


def shuffle_deck(s, seat: int, why: T) -> None:
    """Shuffle a deck after a card was taken, put in or looked at (CR-deck-order, HR-503.1)."""
    s.dice.shuffle(s.seats[seat].deck)
    if s.logs:
        s._log("CR-deck-order", "shuffle", "deck_shuffled", {"player": s.seats[seat].name, "why": why}, seat=seat)


def draw(s, seat: int, n: int) -> list[int]:
    """Take the top `n` cards of a deck into the deal, then shuffle the deck (CR-deck-order)."""
    deck = s.seats[seat].deck
    taken = deck[-n:] if n else []
    del deck[len(deck) - len(taken):]
    for uid in taken:
        s.cards[uid].zone = "deal"
    s.seats[seat].deal.extend(taken)
    shuffle_deck(s, seat, WHY_DRAW)
    return taken


def put_into_deck(s, uid: int) -> int:
    """A card goes to its owner's deck: it loses tokens, markers and gained abilities and becomes
    a new card with a new id (CR-204.4). The deck is shuffled (CR-deck-order). Returns the new uid."""
    old = s.cards[uid]
    riders = attachments(s, uid)
    detach_from_zone(s, old)
    del s.cards[uid]
    new = CardState(s.next_uid, old.card, old.owner, "deck")
    _SET(new, "_j", old._j)          # changes of the new card go to the same undo journal
    s.next_uid += 1
    s.cards[new.uid] = new
    s.seats[old.owner].deck.append(new.uid)
    s._log("CR-204.4", "zone", "to_deck_new_card", {"old": uid, "new": new.uid}, old=uid, new=new.uid)
    shuffle_deck(s, old.owner, WHY_PUT)
    for other in riders:  # the carrier left the field: its equipment and symbiote die (BR-6)
        to_graveyard(s, other, "BR-6" if s.defs[s.cards[other].card].type == "equipment" else "R-BR-SYMBIOTE")
    return new.uid


def look_at_deck(s, seat: int) -> list[str]:
    """The owner looks at their deck (only when a rule or card says so); then it is shuffled
    (CR-deck-hidden). Returns the card ids in the deck, sorted, so the order is not revealed."""
    seen = sorted(s.cards[u].card for u in s.seats[seat].deck)
    s._log("CR-deck-hidden", "look", "looked_at_deck", {"player": s.seats[seat].name}, seat=seat)
    shuffle_deck(s, seat, WHY_LOOK)
    return seen


def detach_from_zone(s, c: CardState) -> None:
    """Take a card out of whatever zone holds it (the caller puts it somewhere)."""
    if c.zone == "field":
        if s.cells[c.cell] == c.uid:
            s.cells[c.cell] = None
    else:
        lst = s.seats[c.owner].zone_list(c.zone)
        if lst is not None and c.uid in lst:
            lst.remove(c.uid)
    # a field is set only when it changes: each set goes to the undo journal
    if c.cell is not None:
        c.cell = None
    if c.host is not None:
        c.host = None


def to_graveyard(s, uid: int, rule: str, destroyed: bool = True) -> None:
    """Put a card on top of its owner's graveyard (CR-205.1); its attachments die with it (BR-6)."""
    c = s.cards[uid]
    riders = attachments(s, uid)
    detach_from_zone(s, c)
    c.zone = "graveyard"
    # markers and states go (a field is set only when it changes: each set is journaled)
    if c.closed:
        c.closed = False
    if c.face_down:
        c.face_down = False
    if c.moves:
        c.moves = 0
    if c.flyer_strike:
        c.flyer_strike = False
    if c.poison:
        c.poison = 0
    if c.taunt:
        c.taunt = 0
    if c.used:
        c.used = {}
    if c.lasting:
        c.lasting = ()                # lasting effects end when the card leaves play (CR-204.4)
    s.seats[c.owner].graveyard.append(uid)
    if s.logs:
        d = s.defs[c.card]
        if destroyed:
            s._log(rule, "death", "destroyed", {"card": d, "uid": uid}, card=uid)
        else:
            s._log(rule, "zone", "to_graveyard", {"card": d, "uid": uid}, card=uid)
    for other in riders:  # they leave the field with their carrier (BR-6, R-BR-SYMBIOTE)
        to_graveyard(s, other, "BR-6" if s.defs[s.cards[other].card].type == "equipment" else "R-BR-SYMBIOTE")


def attachments(s, host: int) -> list[int]:
    owner = s.cards[host].owner
    return [u for u in s.seats[owner].attached if s.cards[u].host == host]


def move_to_aux(s, uid: int) -> None:
    """Terrain and flyers live in their owner's auxiliary zone (BR-8.5, CR-203.1)."""
    c = s.cards[uid]
    detach_from_zone(s, c)
    c.zone = "aux"
    s.seats[c.owner].aux.append(uid)
    s._log("CR-203.1", "zone", "to_aux", {"card": s.defs[c.card], "uid": uid}, card=uid)


# --- the position key for search (BerserkState.key) -------------------------------------------

_CARD_ID = attrgetter("card")


_PLAIN = frozenset((int, str, bool, float, type(None)))


def _frozen(value):
    """A hashable copy of plain data (dicts as sorted item tuples, lists as tuples)."""
    cls = value.__class__
    if cls is dict:
        return tuple(sorted([(k, v if v.__class__ in _PLAIN else _frozen(v)) for k, v in value.items()]))
    if cls is list or cls is tuple:
        return tuple([v if v.__class__ in _PLAIN else _frozen(v) for v in value])
    return value


def card_key(c: CardState) -> tuple:
    """Every field of a card as a hashable tuple, kept on the card until a field changes."""
    # the fields read one by one (a slot read each, faster than an attrgetter of 15 names);
    # `used` last, only when the card has one
    k = (c.uid, c.card, c.owner, c.zone, c.cell, c.host, c.closed, c.face_down, c.wounds,
         c.moves, c.tokens, c.flyer_strike, c.poison, c.taunt, c.lasting)
    if c.used:
        k += (tuple(sorted(c.used.items())),)
    _SET(c, "_k", k)
    return k


def _identities(s) -> tuple:
    """(uids, card ids) of every card, kept on the position while no card is made, removed or
    relabelled (`MINTED` moves then, or the table or `next_uid` changes)."""
    cards = s.cards
    got = s.__dict__.get("_ids")
    if got is not None and got[0] is cards and got[1] == MINTED[0] and got[2] == s.next_uid and got[3] == len(cards):
        return got[4]
    ids = (tuple(cards), tuple(map(_CARD_ID, cards.values())))
    s._ids = (cards, MINTED[0], s.next_uid, len(cards), ids)
    return ids


def carry_identities(s, cards: dict) -> tuple | None:
    """The identity part of `s`'s key for a copy of its table `cards` (None when not kept)."""
    got = s.__dict__.get("_ids")
    if got is not None and got[0] is s.cards and got[1] == MINTED[0] and got[2] == s.next_uid and got[3] == len(cards):
        return (cards,) + got[1:]
    return None


def _seat_key(p) -> tuple:
    """A seat's zone lists (in order, None between them) and numbers, as one flat tuple, kept on
    the seat until one changes (`Seat`, `SeatList`)."""
    k = p._k
    if k is None:
        k = (*p.deck, None, *p.deal, None, *p.squad, None, *p.graveyard, None, *p.removed, None, *p.aux, None,
             *p.attached, None, *p.hand, None, p.gold, p.silver, p.redeals, p.bought, p.coins, p.coins_open,
             p.failed_draws, p.hero)
        _SET(p, "_k", k)
    return k


def position_key(s) -> tuple:
    """A hashable key of the position for search tables: every field that decides what can
    happen next, without the log, the record or the seeded future of the dice.

    Cards in play and in the graveyards (which keep their wounds and tokens) give all their
    fields (each card keeps its part until one changes); a card elsewhere (deck, deal, squad,
    hand, set aside) is a fresh card there, so its identity and the zone lists say all of it."""
    cards, cells = s.cards, s.cells
    p0, p1 = s.seats
    # the field in cell order, then each seat's auxiliary zone, attached cards and graveyard
    play = [(c := cards[u])._k or card_key(c) for u in cells if u is not None]
    for u in (*p0.aux, *p0.attached, *p0.graveyard, *p1.aux, *p1.attached, *p1.graveyard):
        c = cards[u]
        play.append(c._k or card_key(c))
    return (s.phase, s.active, s.turn, s.winner, s.roll_winner, s.hidden_row, s.mode, s.priority,
            s.passes, s.batch, s.attacks_made, s.next_uid, tuple(cells), _identities(s), tuple(play),
            (_seat_key(p0), _seat_key(p1)),
            _frozen(s.pending) if s.pending else None, _frozen(s.queue) if s.queue else (),
            _frozen(s.fired) if s.fired else (), tuple(s.dice.forced))
