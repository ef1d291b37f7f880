"""The project's event deck: R-CITY-EVENTS (and CITY-3.1, which applies it)."""
import json

import pytest

from berserk_kernel.city.events import EFFECTS, default_deck, load_events
from berserk_kernel.core.errors import DataError

from .helpers import position

BOARD = {1: (0, 4), 2: (0, 9), 6: (0, 0), 24: (1, 5), 25: (1, 5), 20: (1, 2)}


def drawn(card, influence=(1, 1), board=BOARD, hq=(1, 25), then_income=False):
    g = position(board, phase="event", influence=list(influence), deck=["quiet-day", card], hq=list(hq))
    g.apply("draw")
    if then_income:
        g.apply("income")
    return g


EXPECTED = {
    "market-day": lambda: drawn("market-day").influence == [3, 1],
    "tax-audit": lambda: drawn("tax-audit").influence == [0, 1],             # never below zero
    "street-riots": lambda: drawn("street-riots").forces[2] == 7,           # strongest: 9 -> 7
    "reinforcements": lambda: (drawn("reinforcements").forces[1] == 6       # onto the HQ
                               and drawn("reinforcements", hq=(24, 25)).forces[2] == 10),  # HQ lost: strongest, capped
    "mobilisation": lambda: [drawn("mobilisation").forces[d] for d in (1, 2, 6)] == [5, 10, 1],
    "second-front": lambda: drawn("second-front").turn["attack_limit"] == 2,
    "truce": lambda: drawn("truce").turn["attack_limit"] == 0,
    "high-morale": lambda: drawn("high-morale").turn["attack_hit"] == 6,
    "barricades": lambda: drawn("barricades").turn["defence_hit"] == 5,
    "patron": lambda: drawn("patron").turn["capture_cost"] == 0,
    "prosperity": lambda: drawn("prosperity", then_income=True).influence == [1 + 3 + 1 + 2, 1],
    "general-strike": lambda: drawn("general-strike", then_income=True).influence == [1 + 0 + 1, 1],
    "city-festival": lambda: drawn("city-festival").influence == [2, 2],
    "desertion": lambda: [drawn("desertion").forces[d] for d in (2, 24, 25)] == [9, 4, 5],  # tie: lowest number
    "quiet-day": lambda: (drawn("quiet-day").influence, drawn("quiet-day").forces) ==
                         ([1, 1], {**{d: 0 for d in range(1, 26)}, **{d: f for d, (_, f) in BOARD.items()}}),
    "night-raid": lambda: (lambda g: (g.turn["attack_limit"], g.turn["attack_hit"]) == (2, 6))(drawn("night-raid")),
    "bribes": lambda: drawn("bribes", influence=(0, 0)).influence == [1, 0],
}


def test_R_CITY_EVENTS_deck_is_original_bilingual_data_of_at_least_12_events():
    """R-CITY-EVENTS: at least 12 distinct events, each named and explained in Russian and English,
    and every one of them has an exact-outcome test below."""
    deck = default_deck()
    assert len(deck) >= 12 and set(deck.cards) == set(EXPECTED)
    for card in deck.cards.values():
        assert card.name.ru and card.name.en and card.text.ru and card.text.en and card.name.ru != card.name.en
    assert {k for c in deck.cards.values() for k, _ in c.effects} == set(EFFECTS)


@pytest.mark.parametrize("card", sorted(EXPECTED))
def test_R_CITY_EVENTS_each_card_has_its_exact_effect(card):
    """R-CITY-EVENTS / CITY-3.1: drawing the card changes exactly what its text says."""
    assert EXPECTED[card]()
    g = drawn(card)
    assert g.last_event == card and g.discard == [card] and g.phase == "income"


def test_R_CITY_EVENTS_modifiers_last_one_turn():
    """R-CITY-EVENTS: "this turn" effects are gone at the next player's turn."""
    g = drawn("night-raid", then_income=True)
    g.apply("end")
    assert (g.turn["attack_limit"], g.turn["attack_hit"], g.current) == (1, 7, 1)


def test_R_CITY_EVENTS_empty_deck_reshuffles_the_discard():
    """R-CITY-EVENTS: when the deck runs out the discard pile is shuffled into a new deck."""
    g = position(BOARD, phase="event", influence=[0, 0], deck=[])
    g.discard = ["market-day", "market-day"]
    g.apply("draw")
    assert (g.deck, g.discard, g.influence[0]) == (["market-day"], ["market-day"], 2)
    assert [e.rule_id for e in g.log[-3:]][0] == "R-CITY-EVENTS"


def write(tmp_path, data):
    p = tmp_path / "events.json"
    p.write_text(json.dumps({"event": data}), encoding="utf-8")
    return p


CARD = {"id": "x", "count": 1, "name_ru": "Икс", "name_en": "X", "text_ru": "т", "text_en": "t",
        "effects": [{"kind": "influence", "amount": 1}]}


def test_R_CITY_EVENTS_broken_deck_names_the_field(tmp_path):
    """R-CITY-EVENTS: the deck is validated on load; errors name the file and the card."""
    with pytest.raises(DataError) as e:
        load_events(write(tmp_path, [dict(CARD, effects=[{"kind": "teleport", "amount": 1}])]))
    assert e.value.field == "event[x].effects[0].kind" and str(tmp_path) in e.value.source
    with pytest.raises(DataError) as e:
        load_events(write(tmp_path, [dict(CARD, effects=[{"kind": "forces_each"}])]))
    assert e.value.field == "event[x].effects[0].amount"
    with pytest.raises(DataError) as e:
        load_events(write(tmp_path, [CARD, CARD]))
    assert e.value.field == "event[x].id"
    with pytest.raises(DataError) as e:
        load_events(write(tmp_path, [{k: v for k, v in CARD.items() if k != "text_en"}]))
    assert e.value.field.startswith("event[x]") and "text_en" in str(e.value)


def test_R_CITY_EVENTS_a_custom_deck_plays(tmp_path):
    """R-CITY-EVENTS: decks are data; a game may use another deck file."""
    from berserk_kernel.city import new_game
    g = new_game(2, seed=3, events=write(tmp_path, [dict(CARD, count=3)]))
    assert g.deck == ["x", "x", "x"]
