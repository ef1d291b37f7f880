"""The turn: CITY-3, CITY-3.1, CITY-3.2, and the rulings R-CITY-HQ and R-CITY-END."""
from berserk_kernel.city import new_game

from .helpers import position, refused


def test_CITY_3_phases_strictly_in_order():
    """CITY-3: Event, then Income, then Actions; nothing out of turn."""
    g = position({1: (0, 3), 25: (1, 3)}, phase="event", influence=[5, 5])
    assert [str(a) for a in g.legal_actions()] == ["draw"]
    for text in ("income", "capture 2", "reinforce 1 +1", "end", "attack 1>2 1"):
        refused(g, text, "CITY-3")
    g.apply("draw")
    assert g.phase == "income" and [str(a) for a in g.legal_actions()] == ["income"]
    refused(g, "draw", "CITY-3")
    refused(g, "end", "CITY-3")
    g.apply("income")
    assert g.phase == "actions"
    refused(g, "draw", "CITY-3")
    refused(g, "income", "CITY-3")


def test_CITY_3_turns_go_round_in_initiative_order():
    """CITY-3: after `end` the next player in initiative order starts at the Event phase; the round
    counts up after the last player."""
    g = new_game(3, seed=5, forced=[1, 1, 9, 9, 5, 5])      # order B, C, A
    assert g.order == (1, 2, 0)
    for d in (1, 5, 21):
        g.apply(f"pick {d}")
    seen = []
    for _ in range(4):
        seen.append((g.round, g.current, g.phase))
        g.apply("draw")
        g.apply("income")
        g.apply("end")
    assert seen == [(1, 1, "event"), (1, 2, "event"), (1, 0, "event"), (2, 1, "event")]
    assert [e.data["round"] for e in g.log if e.kind == "turn"] == [1, 1, 1, 2, 2]


def test_CITY_3_1_draw_one_event_and_apply_it_at_once():
    """CITY-3.1: the top card (last in `deck`) is drawn, applied at once and discarded."""
    g = position({1: (0, 3), 25: (1, 3)}, phase="event", influence=[0, 0], deck=["quiet-day", "market-day"])
    g.apply("draw")
    assert g.influence == [2, 0]
    assert (g.deck, g.discard, g.last_event) == (["quiet-day"], ["market-day"], "market-day")
    drawn = [e for e in g.log if e.rule_id == "CITY-3.1"]
    assert drawn[-1].data["event"] == "market-day" and "Базарный день" in drawn[-1].ru


def test_CITY_3_2_income_one_per_district_plus_headquarters():
    """CITY-3.2: +1 per district, and the held headquarters brings +1 too (R-CITY-HQ)."""
    g = position({1: (0, 3), 2: (0, 0), 6: (0, 1), 25: (1, 3)}, phase="income", influence=[2, 0], hq=[1, 25])
    g.apply("income")
    assert g.influence == [2 + 3 + 1, 0]
    assert [e.rule_id for e in g.log[-3:]] == ["CITY-3.2", "R-CITY-HQ", "CITY-3.2"]


def test_R_CITY_HQ_lost_headquarters_brings_nothing_and_option_turns_it_off():
    """R-CITY-HQ: the bonus only while the owner holds their start district; the captor gets none;
    `hq_income=0` reads "the HQ is an ordinary district"."""
    g = position({1: (1, 3), 2: (0, 1), 25: (1, 3)}, phase="income", influence=[0, 0], hq=[1, 25])
    g.apply("income")
    assert g.influence == [1, 0]            # A lost HQ 1 to B: district income only
    g = position({1: (1, 3), 2: (0, 1), 25: (1, 3)}, phase="income", influence=[0, 0], hq=[1, 25], current=1)
    g.apply("income")
    assert g.influence == [0, 2 + 1]        # B: two districts + own HQ 25, nothing for A's HQ 1
    g = position({1: (0, 3), 25: (1, 3)}, phase="income", influence=[0, 0], hq=[1, 25], options={"hq_income": 0})
    g.apply("income")
    assert g.influence == [1, 0]
    g = position({1: (0, 3), 25: (1, 3)}, phase="income", influence=[0, 0], hq=[1, 25], options={"hq_income": 3})
    g.apply("income")
    assert g.influence == [4, 0]


def test_R_CITY_END_round_limit_most_districts_wins():
    """R-CITY-END: after `rounds` rounds the game ends; most districts wins."""
    g = position({1: (0, 1), 2: (0, 0), 25: (1, 9)}, options={"rounds": 1}, phase="actions", current=0)
    g.apply("end")
    assert g.phase == "event" and g.current == 1
    g.apply("draw")
    g.apply("income")
    g.apply("end")
    assert g.phase == "over" and g.winners == (0,) and g.round == 1
    assert g.legal_actions() == []
    refused(g, "draw", "R-CITY-END")
    assert g.log[-1].rule_id == "R-CITY-END" and "Player A" in g.log[-1].en


def test_R_CITY_END_ties_by_forces_then_influence_then_shared():
    """R-CITY-END: equal districts -> more forces; equal forces -> more influence; else shared."""
    def ended(districts, influence):
        g = position(districts, options={"rounds": 1}, current=1, influence=influence)
        g.apply("end")
        return g.winners
    assert ended({1: (0, 2), 25: (1, 3)}, [0, 0]) == (1,)
    assert ended({1: (0, 3), 25: (1, 3)}, [4, 0]) == (0,)
    assert ended({1: (0, 3), 25: (1, 3)}, [2, 2]) == (0, 1)


def test_R_CITY_END_target_districts_wins_at_once():
    """R-CITY-END option `target_districts`: reaching it ends the game immediately."""
    g = position({1: (0, 1), 2: (0, 0), 25: (1, 3)}, options={"target_districts": 3}, influence=[2, 0])
    g.apply("capture 3")
    assert g.phase == "over" and g.winners == (0,)
    assert "3 districts" in g.log[-1].en
