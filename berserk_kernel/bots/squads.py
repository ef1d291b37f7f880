"""The order decision of Berserk valued by the squads it leads to (`MCTSBot(order="squads")`).

The roll winner chooses "first" or "second" (BR-7.1). The kernel then puts the first player at
index 0 (`setup.do_order`); a player keeps its name, deck and cards, so the choice decides who
moves first, and the second player gets one more gold and silver (BR-7.2). Nothing is bought yet,
so the greedy prior's one-step look values both choices at 0 and a depth-8 rollout ends inside
the squad building: the search chooses by noise. The look reads the chooser's own lead where its
player sits after the choice (`base.seat_of`). (Session 7 first measured it with a tournament
that kept bots on seat indexes, where the choice became a choice of deck: docs/bots.md.)

`order_values` plays each choice on `ORDER_WORLDS` (8) worlds sampled from the seat's view and then
the squad building of both seats by the greedy bot (its best buy until it is done), and returns
the mean material lead of the chooser's player after the building (base.material counts the
bought cards). Heroes has no squad building (the heroes start the battle at once and hire during
it), so there the greedy bot plays both seats until turn `HEROES_LOOK_TURN` (8 turns, about 20
actions).
"""
from __future__ import annotations

from .base import Game, players_of, sample_world, seat_of
from .greedy import GreedyBot, lead

ORDER_WORLDS = 8
BUILD_CAP = 80          # actions of squad building a look plays at most (a deal has 15 cards)
HEROES_LOOK_TURN = 9    # a Heroes look plays until this turn starts
HEROES_CAP = 200        # ... and at most this many actions


def is_order_decision(state) -> bool:
    """The roll winner's choice of "first" or "second" in a Berserk game (classic or Heroes)."""
    return state.GAME == "berserk" and state.phase == "order"


def squads_lead(world, action, seat: int, rng) -> float:
    """`seat`'s material lead after `action` and the greedy squad building of both seats (in
    Heroes: the greedy play of both seats until turn `HEROES_LOOK_TURN`), on a copy of `world`."""
    w = Game.copy(world)
    me = players_of(w)[seat]          # the chooser's player: its index changes with "first"
    Game.apply(w, action)
    heroes = getattr(w, "mode", "classic") == "heroes"
    for _ in range(HEROES_CAP if heroes else BUILD_CAP):
        if Game.is_terminal(w) or (w.turn >= HEROES_LOOK_TURN if heroes else w.phase != "build"):
            break
        Game.apply(w, GreedyBot.rank(w, Game.current_player(w), rng)[0][0])
    return lead(w, seat_of(w, me))


def order_values(view, seat: int, rng, worlds: int = ORDER_WORLDS) -> dict:
    """{action text: mean material lead of `seat` after the squad building} for the choices of
    the order decision in `view`, over `worlds` worlds sampled from it."""
    totals: dict = {}
    for _ in range(worlds):
        world = sample_world(view, seat, rng)
        for a in Game.choices(world):
            totals[str(a)] = totals.get(str(a), 0.0) + squads_lead(world, a, seat, rng)
    return {k: v / worlds for k, v in totals.items()}


# --- the squad bought by exact search (MCTSBot(squad="exact"), classic Berserk) -------------

def is_buy_decision(state) -> bool:
    """A classic Berserk seat buying its squad (BR-7.5): its choices are buys, `done` and, before
    the first buy, `redeal`."""
    return state.GAME == "berserk" and state.phase == "build" and getattr(state, "mode", "classic") == "classic"


def best_squad(s, seat: int) -> list:
    """The cards of `seat`'s deal to buy so that the squad (those already bought and these) has
    the most material (`base.card_value`: cost plus 2 per life), within the rules of buying: elite
    cards and the element penalty paid with gold, the rest with gold or silver (BR-7.3, BR-7.5),
    one terrain (BR-4), flyers within the cap (BR-3). Every constraint only grows with the set, so
    any order of buying the answer is legal. An exact branch and bound over the deal (15 cards:
    at most 2^15 sets, a few ms); ties go to the set found first (the deal's order, buying first)."""
    p = s.seats[seat]
    gold, silver, cap = p.gold, p.silver, s.options.flyer_cap
    elite0 = ordinary0 = flyers0 = 0
    elements0: frozenset = frozenset()
    terrain0 = False
    for u in p.squad:
        d = s.defs[s.cards[u].card]
        elite0 += d.cost if d.elite else 0
        ordinary0 += 0 if d.elite else d.cost
        flyers0 += d.cost if d.is_flyer else 0
        elements0 |= frozenset(d.elements)
        terrain0 = terrain0 or d.type == "terrain"
    cards = []
    for u in p.deal:
        d = s.defs[s.cards[u].card]
        value = d.cost + 2.0 * (d.lives or 0)
        cards.append((u, value, d.cost, d.elite, d.is_flyer, frozenset(d.elements), d.type == "terrain"))
    cards.sort(key=lambda t: -t[1])
    rest = [0.0] * (len(cards) + 1)
    for i in range(len(cards) - 1, -1, -1):
        rest[i] = rest[i + 1] + cards[i][1]
    best = [0.0, []]

    def go(i, value, elite, ordinary, flyers, elements, terrain, chosen):
        if value > best[0]:
            best[0], best[1] = value, list(chosen)
        if i == len(cards) or value + rest[i] <= best[0]:
            return
        u, v, cost, is_elite, is_flyer, els, is_terrain = cards[i]
        e2 = elite + (cost if is_elite else 0)
        o2 = ordinary + (0 if is_elite else cost)
        f2 = flyers + (cost if is_flyer else 0)
        el2 = elements | els
        penalty = max(0, len(el2) - 1)
        if (not (is_terrain and terrain) and f2 <= cap and e2 + penalty <= gold
                and e2 + penalty + o2 <= gold + silver):
            chosen.append(u)
            go(i + 1, value + v, e2, o2, f2, el2, terrain or is_terrain, chosen)
            chosen.pop()
        go(i + 1, value, elite, ordinary, flyers, elements, terrain, chosen)

    go(0, 0.0, elite0, ordinary0, flyers0, elements0, terrain0, [])
    return best[1]
