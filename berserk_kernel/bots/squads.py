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
