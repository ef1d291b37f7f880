"""The turn (CITY-3): Event, Income, Actions strictly in order; rounds; the end (R-CITY-END).

The Event and Income phases are explicit steps (`draw`, `income`) so that the order is visible in
the log and refused out of turn; a user interface may apply them for the player.
"""
from __future__ import annotations

from ..core.i18n import T
from ..core.messages import catalog
from .combat import ATTACK_HIT, DEFENCE_HIT
from .events import apply_event
from .registry import RULES

M = catalog("berserk_kernel.city")

VERBS_OF_PHASE = {
    "pick": {"pick"},
    "event": {"draw"},
    "income": {"income"},
    "actions": {"capture", "move", "reinforce", "redeploy", "attack", "end"},
}
PHASE_NAMES = {"pick": ("выбор стартовых районов", "start district picks"), "event": ("Событие", "Event"),
               "income": ("Доход", "Income"), "actions": ("Действия", "Actions"), "over": ("игра окончена", "game over")}


def fresh_turn() -> dict:
    """What a new turn starts with; events of the turn change it (R-CITY-EVENTS)."""
    return {"bought": 0, "attacks": 0, "attack_limit": 1, "attack_hit": ATTACK_HIT,
            "defence_hit": DEFENCE_HIT, "capture_cost": 1, "income_bonus": 0, "district_income": 1,
            "capture": None}


def gate(state, verb: str):
    """Refuse a verb that does not belong to the current phase (CITY-2.2, CITY-3), else None."""
    phase = state.phase
    if verb in VERBS_OF_PHASE[phase]:
        return None
    if phase == "pick":
        return RULES.no("CITY-2.2", M.lazy("gate_pick_first"))
    if verb == "pick":
        return RULES.no("CITY-2.2", M.lazy("gate_pick_over"))
    if phase == "event":
        return RULES.no("CITY-3", M.lazy("gate_event_first"))
    if phase == "income":
        return RULES.no("CITY-3", M.lazy("gate_income_now"))
    done = PHASE_NAMES["event" if verb == "draw" else "income"]
    return RULES.no("CITY-3", M.lazy("gate_phase_over", phase=T(*done)))


def start_turn(state, player: int) -> None:
    """A new turn: reset this turn's counters and event modifiers, open the Event phase."""
    state.current = player
    state.turn = fresh_turn()
    state.phase = "event"
    state._log("CITY-3", "turn", "turn_starts", {"round": state.round, "player": state.name(player)},
               round=state.round, player=player)


def check_draw(state, action):
    return RULES.ok("CITY-3.1")


def perform_draw(state, action) -> None:
    """CITY-3.1: draw the top event card and apply it at once (R-CITY-EVENTS)."""
    p = state.current
    if not state.deck:
        state.deck, state.discard = state.discard, []
        state.dice.shuffle(state.deck)
        state._log("R-CITY-EVENTS", "shuffle", "deck_reshuffled", {"n": len(state.deck)},
                   cards=len(state.deck))
    card = state.deck_def[state.deck.pop()]
    state._log("CITY-3.1", "event", "draws_event",
               {"player": state.name(p), "card": card.name, "text": card.text}, player=p, event=card.id)
    apply_event(state, card, p)
    state.discard.append(card.id)
    state.last_event = card.id
    state.phase = "income"


def check_income(state, action):
    return RULES.ok("CITY-3.2")


def perform_income(state, action) -> None:
    """CITY-3.2: 1 influence per district (times this turn's modifier), the HQ bonus (R-CITY-HQ),
    and any bonus of this turn's event (R-CITY-EVENTS)."""
    p, turn = state.current, state.turn
    n = state.count_districts(p)
    gain = n * turn["district_income"]
    state._log("CITY-3.2", "income", "income_districts",
               {"player": state.name(p), "n": n, "gain": gain}, player=p, gain=gain)
    hq = state.hq[p]
    if state.options.hq_income and hq is not None and state.owner[hq] == p:
        gain += state.options.hq_income
        state._log("R-CITY-HQ", "income", "income_hq", {"d": hq, "n": state.options.hq_income}, player=p, district=hq)
    if turn["income_bonus"]:
        gain += turn["income_bonus"]
        state._log("R-CITY-EVENTS", "income", "income_event", {"n": turn["income_bonus"]}, player=p)
    state.influence[p] += gain
    state._log("CITY-3.2", "influence", "influence_now",
               {"player": state.name(p), "n": state.influence[p]}, player=p, influence=state.influence[p])
    state.phase = "actions"


def check_end(state, action):
    return RULES.ok("CITY-3")


def perform_end(state, action) -> None:
    """End the turn; the next player in initiative order starts, or the round limit ends the game."""
    p = state.current
    state._log("CITY-3", "end", "turn_ends", {"player": state.name(p)}, player=p)
    i = state.order.index(p) + 1
    if i == state.players:
        i = 0
        state.round += 1
        if state.round > state.options.rounds:
            state.round = state.options.rounds
            finish(state, M("why_rounds", n=state.options.rounds))
            return
    start_turn(state, state.order[i])


def check_target(state) -> None:
    """R-CITY-END option: a player who reaches `target_districts` districts wins at once."""
    target = state.options.target_districts
    if target and state.count_districts(state.current) >= target:
        finish(state, M("why_target", n=target))


def finish(state, why: T) -> None:
    """R-CITY-END: most districts wins; ties by forces, then influence; still tied, shared win."""
    scores = state.scores()
    best = max(scores)
    state.winners = tuple(p for p in range(state.players) if scores[p] == best)
    state.phase = "over"
    names = [state.name(p) for p in state.winners]
    rows = [M("score", player=state.name(p), districts=s[0], forces=s[1], influence=s[2]) for p, s in enumerate(scores)]
    table = T("; ".join(r.ru for r in rows), "; ".join(r.en for r in rows))
    winners = T(", ".join(n.ru for n in names), ", ".join(n.en for n in names))
    state._log("R-CITY-END", "over", "game_over", {"why": why, "table": table, "n": len(names), "winners": winners},
               winners=list(state.winners), scores=[list(s) for s in scores])
