"""Setting up a game (CITY-2.1 to CITY-2.4): colours, initiative, start districts, influence, deck.

Initiative (CITY-2.2): every player rolls two d10 and adds them. Players with equal totals roll
again, only among themselves, until their order is settled; a re-roll orders the tied players
only and never moves them past anyone else. Turn order for the whole game is the same falling
initiative order.
"""
from __future__ import annotations

from ..core.dice import Dice
from ..core.errors import DataError
from ..core.i18n import T
from ..core.messages import catalog
from ..core.scene import SEAT_COLOURS
from .events import load_events
from .maps import load_map
from .options import CityOptions
from .state import blank_state

M = catalog("berserk_kernel.city")

START_INFLUENCE = 1   # CITY-2.3

COLOURS = {  # Okabe-Ito colour keys of core.scene.PALETTE, with their names
    "orange": T("оранжевый", "orange"), "sky": T("голубой", "sky blue"), "green": T("зелёный", "green"),
    "purple": T("пурпурный", "purple"), "yellow": T("жёлтый", "yellow"), "blue": T("синий", "blue"),
    "vermillion": T("алый", "vermillion"),
}
DEFAULT_COLOURS = SEAT_COLOURS      # the same seat colours as Berserk (core.scene)


def _error(source: str, field: str, msg: str, **kw) -> DataError:
    """A `DataError` with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    return DataError(source, field, m.en, m.ru)


def check_colours(colours, players: int, source: str = "<setup>") -> tuple:
    """CITY-2.1: one known colour per player, no two alike."""
    colours = tuple(colours) if colours is not None else DEFAULT_COLOURS[:players]
    if len(colours) != players:
        raise _error(source, "setup.colours", "colours_count", players=players, got=str(len(colours)))
    for i, c in enumerate(colours):
        if c not in COLOURS:
            raise _error(source, f"setup.colours[{i}]", "colour_unknown", colour=repr(c), known=", ".join(COLOURS))
        if colours.index(c) != i:
            raise _error(source, f"setup.colours[{i}]", "colour_taken", colour=repr(c))
    return colours


def new_game(players: int = 2, map="default", seed: int = 0, options=None, colours=None,
             forced=(), events=None):
    """A new game, set up to the first start-district pick.

    `map` is a packaged map name, a file path or a map table; `options` a `CityOptions` or a dict
    (docs/rulings.md); `forced` dice values used first (for example to fix the initiative);
    `events` an event deck file (the packaged deck by default).
    """
    if isinstance(options, CityOptions):
        options = options.to_dict()
    setup = {"players": players, "map": map, "seed": seed, "options": options, "colours": colours,
             "forced": list(forced), "events": events}
    return build({k: v for k, v in setup.items() if v is not None}, "<setup>")


def normal_setup(setup: dict, source: str):
    """Check a setup table; return (normalised setup, map, options, deck, colours)."""
    city_map = _named(load_map, setup.get("map", "default"), source, "setup.map")
    players, seed, forced = setup.get("players"), setup.get("seed", 0), setup.get("forced", [])
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _error(source, "setup.seed", "not_whole_number", got=repr(seed))
    for i, v in enumerate(forced):
        if not isinstance(v, int) or not 1 <= v <= 10:
            raise _error(source, f"setup.forced[{i}]", "forced_not_d10", got=repr(v))
    if not isinstance(players, int) or not city_map.min_players <= players <= city_map.max_players:
        raise _error(source, "setup.players", "players_for_map", map=repr(city_map.id),
                     lo=str(city_map.min_players), hi=str(city_map.max_players), got=str(players))
    opts = CityOptions.from_any(setup.get("options"), source, "setup.options")
    colours = check_colours(setup.get("colours"), players, source)
    deck = _named(load_events, setup.get("events"), source, "setup.events")
    norm = {"players": players, "map": city_map.spec(), "seed": seed, "options": opts.to_dict(),
            "colours": list(colours), "forced": list(forced)}
    if deck.data is not None:          # a custom deck is saved inline, never as a path
        norm["events"] = deck.data
    return norm, city_map, opts, deck, colours


def _named(loader, spec, source: str, field: str):
    """A map or event deck; its errors name the setup's file and field (setup.map.grid[0]...)."""
    try:
        return loader(spec)
    except DataError as e:
        if e.source in ("<map>", "<events>", "<data>"):
            sub = e.field if e.field not in ("", "map", "events") else ""
            raise DataError(source, f"{field}.{sub}" if sub else field, e.en, e.ru) from None
        raise


def build(setup: dict, source: str):
    """A fresh game from a setup table: initiative rolled, waiting for the first pick."""
    norm, city_map, opts, deck, colours = normal_setup(setup, source)
    dice = Dice(norm["seed"])
    dice.force(*norm["forced"])
    state = blank_state(norm, city_map, deck, opts, norm["players"], colours, dice)
    start(state)
    return state


def start(state) -> None:
    """CITY-1 .. CITY-2.4, all that happens before the first decision."""
    m = state.map
    state._log("CITY-1", "setup", "map_line", {"map": m.name, "n": len(m), "start": len(m.start)},
               map=m.id, districts=len(m))
    for p, c in enumerate(state.colours):
        state._log("CITY-2.1", "colour", "colour", {"player": state.name(p), "colour": COLOURS[c]}, player=p, colour=c)
    order, rolls = roll_initiative(state, list(range(state.players)))
    state.order = tuple(order)
    state.initiative = tuple(tuple(r) for r in rolls)
    state.pick_index = 0
    names = T(", ".join(state.name(p).ru for p in order), ", ".join(state.name(p).en for p in order))
    state._log("CITY-2.2", "order", "initiative_order", {"players": names}, order=list(order))
    for p in range(state.players):
        state.influence[p] = START_INFLUENCE
    state._log("CITY-2.3", "influence", "start_influence", {"n": START_INFLUENCE}, influence=START_INFLUENCE)
    state.deck = state.deck_def.pile()
    state.dice.shuffle(state.deck)
    state._log("CITY-2.4", "shuffle", "event_deck_shuffled", {"n": len(state.deck)}, cards=len(state.deck))


def roll_initiative(state, group: list[int], depth: int = 0) -> tuple[list[int], list]:
    """CITY-2.2: order `group` by 2d10, re-rolling ties among the tied only. Returns the order
    and every roll made, as [player, die1, die2, reroll depth]."""
    rolls, totals = [], {}
    for p in group:
        a, b = state.dice.roll(10), state.dice.roll(10)
        totals[p] = a + b
        rolls.append([p, a, b, depth])
        state._log("CITY-2.2", "roll", "initiative_reroll" if depth else "initiative_roll",
                   {"player": state.name(p), "a": a, "b": b, "total": a + b}, player=p, dice=[a, b], depth=depth)
    order = []
    for total in sorted(set(totals.values()), reverse=True):
        tied = [p for p in group if totals[p] == total]
        if len(tied) > 1:
            sub, more = roll_initiative(state, tied, depth + 1)
            order += sub
            rolls += more
        else:
            order += tied
    return order, rolls
