"""`BerserkState`: one position of a Berserk game, and `new_game` to start one.

    >>> from berserk_kernel.berserk import new_game
    >>> g = new_game(seed=7)
    >>> g.legal_actions()            # the roll winner's choice: [first, second]
    >>> g.apply("first")

The rules live in topic modules (`setup`, `placement`, `movement`, `strike`, `turn`, `zones`);
this module dispatches actions to them and holds the position.
"""
from __future__ import annotations

from importlib import resources

from ..core.dice import Dice
from ..core.errors import DataError
from ..core.i18n import T
from ..core.loading import parse_text
from ..core.log import ActionLine
from ..core.messages import catalog
from ..core.rules import RuleRegistry
from ..core.state import BaseState
from . import heroes, hidden, movement, passing, placement, queue, setup, strike, tokens, turn, zones
from . import readout, undo
from .actions import Action
from .battle_list import battle_list
from .cards import demo_cards
from .field import CELLS, parse_cell
from .options import Options
from .phases import PHASE_NAMES
from .scene import board_scene, board_text
from .triggers import chooser
from .zones import CardState, Seat

E = catalog("berserk_kernel.berserk", "data/errors.toml")

RULES = RuleRegistry.from_package("berserk_kernel.berserk")
MESSAGES = catalog("berserk_kernel.berserk")

# kind -> (phases or pending kinds where it is allowed, check, perform)
DISPATCH = {
    "first": ({"order"}, setup.check_order, setup.do_order),
    "second": ({"order"}, setup.check_order, setup.do_order),
    "redeal": ({"build"}, setup.check_redeal, setup.do_redeal),
    "buy": ({"build"}, setup.check_buy, setup.do_buy),
    "place": ({"place"}, placement.check_place, placement.do_place),
    "hide": ({"reveal"}, placement.check_reveal, placement.do_reveal),
    "show": ({"reveal"}, placement.check_reveal, placement.do_reveal),
    "attach": ({"attach", "pending:attach"}, placement.check_attach, placement.do_attach),
    "move": ({"battle"}, movement.check_move, movement.do_move),
    "strike": ({"battle"}, strike.check_strike, strike.do_strike),
    "prepare": ({"battle"}, strike.check_prepare, strike.do_prepare),
    "end": ({"battle"}, turn.check_end, turn.do_end),
    "defend": ({"pending:defend"}, strike.check_defend, strike.do_defend),
    "nodefend": ({"pending:defend"}, lambda s, a: s.RULES.ok("BR-10.2"), strike.do_nodefend),
    "exchange": ({"pending:choice"}, strike.check_choice, strike.do_choice),
    "safe": ({"pending:choice"}, strike.check_choice, strike.do_choice),
    "use": ({"battle", "queue", "triggers"}, queue.check_use, queue.do_use),
    "pass": ({"queue"}, passing.check_pass, passing.do_pass),
    "skip": ({"triggers"}, passing.check_skip, passing.do_skip),
    "gather": ({"battle"}, tokens.check_gather, tokens.do_gather),
    "hire": ({"battle"}, heroes.check_hire, heroes.do_hire),
}
_DONE = {"build": setup.do_build_done, "attach": placement.do_attach_done, "pending:attach": placement.do_attach_done}
PENDING_RULE = {"defend": "BR-10.2", "choice": "R-BR-FIGHT", "attach": "R-BR-LATE-REVEAL",
                "triggers": "HR-simultaneous-triggers", "queue": "BR-14"}
PHASE_RULE = {"order": "BR-7.1", "build": "BR-7.5", "place": "BR-8.1", "reveal": "BR-8.4", "attach": "BR-8.5",
              "battle": "BR-9"}


class BerserkState(BaseState):
    """A Berserk position: cards in zones, whose decision it is, the dice, the log."""

    RULES = RULES
    MESSAGES = MESSAGES        # what `_log` names by key
    GAME = "berserk"
    READOUT = readout          # crystals/penalty here; last_rolls(), last_step(), steps() in BaseState

    def __init__(self, defs=None, options: Options | None = None, seed: int = 0, names=("A", "B")):
        super().__init__()
        self.defs = defs if defs is not None else demo_cards()
        self.options = options or Options()
        self.dice = Dice(seed)
        self.seats = [Seat(names[0]), Seat(names[1])]
        self.cards: dict[int, CardState] = {}
        self.cells: list[int | None] = [None] * len(CELLS)
        self.phase = "order"
        self.active = 0
        self.turn = 0
        self.pending: dict | None = None
        self.winner = None            # None, 0, 1 or "draw"
        self.roll_winner = 0
        self.hidden_row = False
        self.next_uid = 1
        self.setup: dict = {}         # how the game was created (for records)
        self.mode = "classic"         # or "heroes" (R-HEROES)
        self.queue: list[dict] = []   # declared abilities; the last one resolves first (R-QUEUE)
        self.fired: list[dict] = []   # triggers that fired and wait to be declared
        self.priority = 0             # who may answer the queue now
        self.passes = 0               # passes in a row
        self.batch: int | None = None # where the current batch of triggers enters the queue
        self.attacks_made = 0         # attacks by the active player this turn (taunts)
        self._journal: list = []      # (card, field, old value, old key part) of every card change (undo.py)
        self._bound = None            # (cards table, zones.MINTED, seats) when they were bound (undo.bound)

    # --- whose decision -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending["seat"]
        if self.fired:
            return chooser(self)
        if self.queue:
            return self.priority
        if self.phase == "order":
            return self.roll_winner
        return self.active

    @property
    def stage(self) -> str:
        """The phase, or the decision that interrupts it: ``pending:<kind>`` (a defender, a
        fight-table option, a late attach), ``triggers`` (fired triggers to declare) or
        ``queue`` (answer or pass)."""
        if self.pending:
            return f"pending:{self.pending['kind']}"
        if self.fired:
            return "triggers"
        if self.queue:
            return "queue"
        return self.phase

    def stage_kinds(self) -> set[str]:
        """The action kinds the rules allow at this stage (each may still be refused for the
        card or target named)."""
        st = self.stage
        kinds = {k for k, (allowed, _c, _p) in DISPATCH.items() if st in allowed}
        if st in _DONE:
            kinds.add("done")
        if self.mode != "heroes":
            kinds.discard("hire")
        return kinds if self.phase != "over" else set()

    def stage_rule(self) -> str:
        """The id of the rule behind the decision now (``BR-1`` when the game is over), or ""."""
        if self.phase == "over":
            return "BR-1"
        stage = self.stage
        if stage != self.phase:
            rule = PENDING_RULE.get(stage.split(":", 1)[1] if stage.startswith("pending:") else stage, "")
        else:
            rule = PHASE_RULE.get(stage, "")
        return rule if rule in RULES else ""

    def phase_name(self, lang: str = "ru") -> str:
        """The phase in words («бой», "battle")."""
        return PHASE_NAMES[self.phase].get(lang)

    # --- the game contract (core/contract.py) ---------------------------------------------
    def current_player(self) -> int | None:
        """The seat that must decide now; None exactly when the game is over (= `to_move`)."""
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def num_players(self) -> int:
        return 2

    def _won_by(self) -> tuple:
        return () if self.winner is None or self.winner == "draw" else (self.winner,)

    def _seat_name(self, p: int, lang: str) -> str:
        return self.seats[p].name

    def key(self) -> tuple:
        """A hashable key of the position (no log, record or seeded future of the dice)."""
        return zones.position_key(self)

    def _canonical_hidden(self, seat: int) -> None:
        hidden.canonical_hidden(self, seat)

    def _deal_hidden(self, seat: int, rng) -> None:
        hidden.deal_hidden(self, seat, rng)

    def __repr__(self) -> str:
        if self.phase == "over":
            who = "over: " + self.outcome("en").rstrip(".")
        else:
            who = f"{self.phase}, {self.seats[self.to_move].name} to move"
        n = sum(1 for c in self.cards.values() if c.zone in hidden.PLAY_ZONES)
        return f"<BerserkState {self.mode}, turn {self.turn}, {who}, {n} card{'' if n == 1 else 's'} in play>"

    # --- the BaseState contract -----------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _check(self, a: Action):
        if not isinstance(a, Action):
            raise TypeError(f"not an Action: {a!r}")
        if self.phase == "over":
            return RULES.no("BR-1", MESSAGES.lazy("game_game_over"))
        stage = self.stage
        if a.kind == "done":
            if stage in _DONE:
                return RULES.ok("BR-8.5" if "attach" in stage else "BR-7.5")
            return self._wrong_stage(a)
        allowed, check, _ = DISPATCH[a.kind]
        if stage not in allowed:
            return self._wrong_stage(a)
        return check(self, a)

    def _wrong_stage(self, a):
        kind = self.pending["kind"] if self.pending else self.stage if self.stage in ("triggers", "queue") else None
        if kind:
            rule = PENDING_RULE[kind]
            who = self.seats[self.to_move].name
            return RULES.no(rule, MESSAGES.lazy("answer_first", player=who, what=_PENDING_TEXT[kind]))
        return RULES.no("BR-7" if self.phase != "battle" else PHASE_RULE["battle"],
                        MESSAGES.lazy("wrong_stage", action=MESSAGES("action_" + a.kind), phase=PHASE_NAMES[self.phase]))

    def _perform(self, a: Action) -> None:
        if self.logs:                       # a quiet position (`quiet`, search) builds no line
            seat = self.to_move             # the line's text and data are made when read
            self.log.append(ActionLine(self.seats[seat].name, seat, a))
        if a.kind == "done":
            _DONE[self.stage](self, a)
        else:
            DISPATCH[a.kind][2](self, a)
        queue.settle(self)

    def _candidates(self):
        st = self.stage
        me = self.to_move
        if st == "order":
            return [Action("first"), Action("second")]
        if st == "build":
            p = self.seats[me]
            return [Action("redeal")] + [Action("buy", u) for u in p.deal] + [Action("done")]
        if st == "place":
            cells = placement.open_cells(self, me)
            return [Action("place", u, None, c) for u in self.seats[me].squad for c in cells]
        if st == "reveal":
            return [Action("hide"), Action("show")]
        if st in ("attach", "pending:attach"):
            items = placement.attachables(self, me)
            hosts = [u for u in self.cells if u is not None and self.cards[u].owner == me]
            return [Action("attach", i, h) for i in items for h in hosts] + [Action("done")]
        if st == "pending:defend":
            p = self.pending
            return [Action("defend", d) for d in strike.defenders(self, p["attacker"], p["target"])] + [Action("nodefend")]
        if st == "pending:choice":
            return [Action("exchange"), Action("safe")]
        if st in ("triggers", "queue"):
            return queue.candidates(self)
        if st == "battle":
            return self._battle_list(me)
        return []

    def _battle_list(self, me: int) -> list:
        """The legal list of a battle position with no decision pending (battle_list.py)."""
        return battle_list(self, me)

    def legal_actions(self) -> list:
        # every battle candidate (moves, strikes, closing for a flyer, gathering, declarations,
        # hiring, end) is built from the same conditions that refuse it, so none is checked
        # again; so are answers in the queue (instant declarations, pass), the defenders of a
        # strike (check_defend asks for the same list) with declining, and both fight-table
        # options (always allowed) (tests/test_fastpath.py and tests/test_fastpath_candidates.py
        # compare)
        # The position keeps its list for apply's fast path, with a note of what it was
        # (undo.note_listed: an apply with history trusts the list only while it is unchanged)
        if self.phase == "battle" and not self.pending and not self.fired and not self.queue:
            self._legal = out = battle_list(self, self.active)      # stage "battle"
            undo.note_listed(self)
            return out[:]
        if self.stage in _EXACT:
            self._legal = out = self._candidates()
            undo.note_listed(self)
            return out[:]
        return super().legal_actions()

    # --- copying and files ----------------------------------------------------------------
    def copy(self) -> "BerserkState":
        new = BerserkState.__new__(BerserkState)
        d = self.__dict__.copy()
        d["dice"] = self.dice.copy()
        d["_journal"] = journal = []
        d["seats"] = seats = [p.copy(journal) for p in self.seats]
        d["cards"] = cards = {u: c.copy(journal) for u, c in self.cards.items()}
        d["_bound"] = undo.bound(cards, seats)
        d["_ids"] = zones.carry_identities(self, cards)
        d["cells"] = self.cells[:]
        d["pending"] = dict(self.pending) if self.pending else None
        d["queue"] = [dict(e) for e in self.queue]
        d["fired"] = undo.copy_fired(self.fired)
        d["log"] = self.log[:]
        d["actions"] = self.actions[:]
        d["_undo"], d["_redo"] = [], []
        d["_legal"] = d["_seen"] = None
        d.pop("_noting", None)        # a copy (search's clone) keeps no notes until played with undo
        d["_tc"] = None               # nor the undo marks' copy of this position's table (undo.mark)
        new.__dict__.update(d)
        return new

    # undo marks: a journal of card changes instead of copies (undo.py)
    _note_listed = undo.note_listed
    _unchanged = undo.unchanged
    _mark = undo.mark
    _rewind = undo.rewind
    _position_at = undo.position_at
    _unmarked = undo.unmarked

    def to_dict(self) -> dict:
        from .scenario import state_to_dict
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict, source: str = "<scenario>", defs=None) -> "BerserkState":
        from .scenario import state_from_dict
        return state_from_dict(data, source, defs)

    def _repr_svg_(self) -> str:
        return board_scene(self).to_svg()

    def begin_battle(self) -> None:
        """The set-up is over (the last card attached, BR-8.5; the heroes dealt, R-HEROES): the
        battle begins with the first player's turn (turn.py). Set-up modules call it on the
        position, so they need not import the turn module that imports them."""
        turn.begin_battle(self)

    def force_dice(self, *values: int) -> None:
        """Queue die faces for the next rolls, e.g. ``force_dice(5, 2)``: white 5, black 2."""
        self.dice.force(*values)

    def card(self, uid: int):
        """(CardState, CardDef) of a card instance."""
        c = self.cards[uid]
        return c, self.defs[c.card]

    def at(self, cell_name: str):
        """The uid of the card on a cell, e.g. ``state.at("c2")``."""
        return self.cells[parse_cell(cell_name)]

    def __str__(self) -> str:
        return board_text(self)

    # --- the position read out (readout.py; M1) ---------------------------------------------
    def crystals(self, seat: int) -> readout.Crystals:
        """Gold and silver `seat` has left to spend on the squad (BR-7.5), e.g. Crystals(gold=18, silver=7)."""
        return readout.crystals(self, seat)

    def penalty(self, seat: int) -> int:
        """Gold the squad's elements cost `seat`: one per element beyond the first (BR-7.3)."""
        return readout.penalty(self, seat)


_PRECHECKED = frozenset(("move", "strike", "use", "end", "hire"))
# stages whose candidates are exactly the legal actions (BerserkState.legal_actions)
_EXACT = frozenset(("battle", "queue", "pending:defend", "pending:choice"))
_act = queue._act


def _gathers(s, uid) -> bool:
    c = s.cards[uid]
    return not c.closed and not c.face_down and any(ab.tokens for ab in s.defs[c.card].abilities)


_PENDING_TEXT = {
    "triggers": T("заявить сработавшие способности", "declare the fired triggers"),
    "queue": T("ответить внезапным действием или пасовать", "answer with an instant action or pass"),
    "defend": T("назначить защитника или отказаться", "assign a defender or decline"),
    "choice": T("выбрать исход по таблице боя", "choose the fight-table outcome"),
    "attach": T("положить вскрытые карты на существ", "attach the revealed cards"),
}


# --- starting a game ------------------------------------------------------------------------

_DECKS: dict | None = None


def demo_decks() -> dict[str, dict]:
    """The demo decks of `data/decks.toml`: id -> {"name": T, "cards": {card_id: count}}."""
    global _DECKS
    if _DECKS is None:
        src = "berserk_kernel/berserk/data/decks.toml"
        data = parse_text(resources.files("berserk_kernel.berserk").joinpath("data/decks.toml").read_text("utf-8"), src, toml=True)
        _DECKS = {d["id"]: {"name": T.from_dict(d["name"]), "cards": dict(d["cards"])} for d in data["deck"]}
    return _DECKS


MAX_DECK = 1000     # whatever the options say, no deck is built bigger than this


def deck_list(deck, defs, options: Options, source: str, field: str) -> list[str]:
    """A deck as a list of card ids, from a demo deck id, a {card: count} map or a list; checked
    against the deck-size and copy limits of the options."""
    if isinstance(deck, str):
        if deck not in demo_decks():
            raise DataError.of(source, field, E("game_unknown_deck_demo_decks", deck=deck, names=', '.join(demo_decks())))
        deck = demo_decks()[deck]["cards"]
    # sizes are checked before a list is built: {"gorge_warden": 10**12} is refused at once
    if isinstance(deck, dict):
        for cid, n in deck.items():
            if type(n) is not int or not 0 <= n <= options.max_copies:
                raise DataError.of(source, f"{field}.{cid}", E("deck_copies", most=options.max_copies, got=repr(n)[:100]))
        total = sum(deck.values())
        if total > min(options.deck_max, MAX_DECK):
            raise DataError.of(source, field, E("deck_size", deck_min=options.deck_min, deck_max=options.deck_max, count=total))
        cards = [cid for cid, n in deck.items() for _ in range(n)]
    elif isinstance(deck, (list, tuple)):
        if len(deck) > min(options.deck_max, MAX_DECK):
            raise DataError.of(source, field, E("deck_size", deck_min=options.deck_min, deck_max=options.deck_max, count=len(deck)))
        cards = list(deck)
    else:
        raise DataError.of(source, field, E("game_deck_demo_deck_id"))
    for i, cid in enumerate(cards):
        if not isinstance(cid, str) or cid not in defs:
            raise DataError.of(source, f"{field}[{i}]", E("deck_unknown_card", card=repr(cid)[:100]))
    if not options.deck_min <= len(cards) <= options.deck_max:
        raise DataError.of(source, field, E("deck_size", deck_min=options.deck_min, deck_max=options.deck_max, count=len(cards)))
    for cid in set(cards):
        if cards.count(cid) > options.max_copies:
            raise DataError.of(source, field, E("game_most_copies", max_copies=options.max_copies, cid=cid))
    return cards


HEROES = ("warlord_of_the_peaks", "marsh_princess")


def new_game(decks=("mountain_forest", "darkness_swamp_steppe"), seed: int = 0, options=None,
             names=("A", "B"), defs=None, mode: str = "classic", heroes=HEROES) -> BerserkState:
    """Start a game: decks are shuffled and both players roll for the choice (BR-7, BR-7.1).

    ``mode="heroes"`` plays the Heroes mode of R-HEROES with the two `heroes` (card ids, in the
    order of `decks`) instead of squad building."""
    opts = options if isinstance(options, Options) else Options.from_dict(options)
    if not isinstance(decks, (list, tuple)) or len(decks) != 2:
        raise DataError.of("<setup>", "decks", E("game_game_needs_exactly_two"))
    for seat, deck in enumerate(decks):
        if not isinstance(deck, (str, dict, list, tuple)):
            raise DataError.of("<setup>", f"decks[{seat}]", E("game_deck_demo_deck_id"))
    s = BerserkState(defs, opts, seed, names)
    s.setup = {"decks": [d if isinstance(d, (str, dict)) else list(d) for d in decks], "options": opts.to_dict(),
               "names": list(names), "seed": seed}
    if mode not in ("classic", "heroes"):
        raise DataError.of("<setup>", "mode", E("game_unknown_mode_classic_heroes", mode=mode))
    if mode == "heroes":
        s.mode = "heroes"
        heroes = list(heroes)
        for i, h in enumerate(heroes):
            if h not in s.defs or s.defs[h].type != "hero":
                raise DataError.of("<setup>", f"heroes[{i}]", E("game_not_hero_card", h=h))
        if len(heroes) != 2:
            raise DataError.of("<setup>", "heroes", E("game_heroes_game_needs_two"))
        s.setup["mode"], s.setup["heroes"] = "heroes", heroes
    if len(decks) != 2:
        raise DataError.of("<setup>", "decks", E("game_game_needs_exactly_two"))
    for seat, deck in enumerate(decks):
        for cid in deck_list(deck, s.defs, opts, "<setup>", f"decks[{seat}]"):
            c = CardState(s.next_uid, cid, seat, "deck")
            s.cards[c.uid] = c
            s.seats[seat].deck.append(c.uid)
            s.next_uid += 1
        zones.shuffle_deck(s, seat, zones.WHY_PUT)
    s._log("BR-7", "stage", "game_game_begins_squad_building")
    setup.roll_for_first(s)
    return s
