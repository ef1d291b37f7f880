"""Words on a card (widgets/card_text.py) agree with the card's type in Russian."""
from berserk_kernel.berserk import demo_cards
from widgets.card_text import card_lines


def test_elite_agrees_with_the_card_type():
    defs = demo_cards()
    assert card_lines(defs["avalanche_giant"], "ru")[0] == "Существо · наземное · элитное"
    assert card_lines(defs["rune_menhir"], "ru")[0] == "Артефакт · элитный"
    assert card_lines(defs["avalanche_giant"], "en")[0] == "Creature · ground · elite"
    assert card_lines(defs["rune_menhir"], "en")[0] == "Artifact · elite"
