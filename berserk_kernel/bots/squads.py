"""The order decision of Berserk valued by the squads it leads to (`MCTSBot(order="squads")`).

The roll winner chooses "first" or "second" (BR-7.1). Seat 0 always moves first afterwards, so
for the seats that take turns (the bots, the tournament, the apps' bot seats) the choice decides
which of the two decks each seat plays (`setup.do_order` swaps the seats' cards when the second
deck is to go first). Nothing is bought yet, so the greedy prior's one-step look values both
choices at 0 and a depth-8 rollout ends inside the squad building: the choice is made by noise.
With the default decks it matters: the greedy build makes 142 of mountain_forest and 125 of
darkness_swamp_steppe on average (40 seeds, the first deck more in 36), and in 100 tournament
games against the random bot the MCTS bot won all 59 with the first deck and 32 of 41 with the
second (docs/bots.md, session 7).

`order_values` plays each choice on `ORDER_WORLDS` (8) worlds sampled from the seat's view and then
the squad building of both seats by the greedy bot (its best buy until it is done), and returns
the mean material lead of the seat after the building (base.material counts the bought cards).
Heroes has no squad building (the heroes start the battle at once and hire during it), so there
the greedy bot plays both seats until turn `HEROES_LOOK_TURN` (8 turns, about 20 actions): the
first deck is ahead by 8.2 material on average then (20 seeds, sd 9.2).
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
