"""An ability's range as a number: `range = N`, cards within N cells, diagonals counting one
(BR-12.1 for attacks, BR-12.2 for the rest); the auxiliary zone is in range whatever N
(CR-aux-range, seed 001: «…по карте во вспомогательной зоне независимо от дальности»)."""
import pytest

from berserk_kernel.berserk import position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.berserk.targets import distance
from berserk_kernel.berserk.field import parse_cell
from berserk_kernel.core.errors import DataError


def uses(s):
    return sorted(str(a) for a in s.legal_actions() if a.kind == "use")


def test_distance_counts_diagonals_as_one_like_adjacency():
    """Distance on the field: the larger of the row and column differences (BR-10.1's adjacency
    is distance 1, diagonals included)."""
    assert distance(parse_cell("c2"), parse_cell("c3")) == 1
    assert distance(parse_cell("c2"), parse_cell("d3")) == 1
    assert distance(parse_cell("c2"), parse_cell("e4")) == 2
    assert distance(parse_cell("a1"), parse_cell("e6")) == 5


def test_BR_12_1_a_throw_with_range_2_reaches_cells_within_2_and_the_aux_zone(assert_illegal):
    """BR-12.1 with `range = 2`: the javelineer on c2 throws at c4 and e4 (two cells, a diagonal
    counting one) and at a flyer (CR-aux-range: whatever the range), not at c5 (three cells) and
    not at c3 (a ranged attack never hits an adjacent card)."""
    s = position("A hill_javelineer c2", "B deep_stonecutter c4", "B gorge_warden c5", "B pass_eagle aux",
                 "B deadfall_wolf e4", "B forest_boar c3")
    assert uses(s) == ["use #1 javelin #2", "use #1 javelin #4", "use #1 javelin #5"]
    err = assert_illegal(s, "use #1 javelin #3", "BR-12.1")
    assert err.ru == "Цель слишком далеко: до неё 3 клетки, а дальность способности — 2 клетки."
    assert err.en == "The target is too far: 3 cells away, and the ability's range is 2 cells."
    assert_illegal(s, "use #1 javelin #6", "BR-12.1")
    flyer = s.copy()
    flyer.apply("use #1 javelin #4")
    assert flyer.cards[4].zone == "graveyard"      # the eagle (2 lives), 4 rows away in the aux zone
    s.apply("use #1 javelin #2")
    assert s.cards[2].wounds == 2 and s.cards[1].closed


def test_BR_12_2_a_spell_with_range_3_and_russian_plurals_of_cells(assert_illegal):
    """BR-12.2: a spell is not an attack and reaches any card unless its text limits it; «не
    дальше 3 клеток» limits it: a creature 5 cells away is refused in words with the right
    plural forms («5 клеток», «3 клетки»)."""
    s = position("A frost_binder a1", "B deadfall_wolf a4", "B forest_boar e6")
    err = assert_illegal(s, "use #1 bind #3", "BR-12.2")
    assert err.ru == "Цель слишком далеко: до неё 5 клеток, а дальность способности — 3 клетки."
    assert uses(s) == ["use #1 bind #2"]


RANGED = {"id": "range_tester", "abilities": [
    {"id": "zap", "kind": "shot", "timing": "activated", "cost": {"close": True}, "target": "one", "range": 1,
     "reach": "any", "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "Выстрел на 1 по соседней", "en": "Shot for 1 at a neighbour"}},
    {"id": "nova", "kind": "effect", "timing": "activated", "cost": {"close": True}, "target": "mass", "range": 1,
     "filter": {"side": "enemy", "types": ["creature"]}, "effects": [{"op": "wound", "amount": 1}],
     "text": {"ru": "Каждому вражескому существу рядом — 1 рана", "en": "1 wound to every enemy creature next to it"}}]}


def test_HR_mass_abilities_range_limits_which_cards_a_mass_ability_affects():
    """HR-mass-abilities with `range = 1`: no targets are chosen; every enemy creature within one
    cell is wounded, the one two cells away is not."""
    s = position("A range_tester c3", "B deadfall_wolf d4", "B forest_boar c4", "B deep_stonecutter c5",
                 cards=[RANGED])
    s.apply("use #1 nova")
    assert [s.cards[u].wounds for u in (2, 3, 4)] == [1, 1, 0]


def test_BR_12_2_a_source_in_the_aux_zone_has_no_cell_so_range_does_not_limit_it():
    """A flyer has no cell: like reach, a range does not limit what it reaches (docs/rulings.md,
    «Range in cells»)."""
    flyer = dict(RANGED, id="range_flyer", kind="flyer", abilities=[RANGED["abilities"][0]])
    s = position("A range_flyer aux", "B deadfall_wolf a6", cards=[flyer])
    assert uses(s) == ["use #1 zap #2"]


@pytest.mark.parametrize("ability, field", [
    ({"reach": "adjacent", "kind": "effect", "range": 2}, "range"),
    ({"kind": "directed_strike", "range": 1}, "range"),
    ({"kind": "effect", "target": "self", "range": 2}, "range"),
    ({"range": 0}, "range"),
    ({"range": 6}, "range"),
])
def test_bad_range_is_refused_naming_the_card_and_field(ability, field):
    """A range the vocabulary cannot mean is refused at load time, naming card and field."""
    base = {"id": "a", "kind": "shot", "timing": "activated", "target": "one",
            "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "x", "en": "x"}}
    ab = {**base, **ability}
    if ab["kind"] == "directed_strike":
        ab.pop("effects")
    with pytest.raises(DataError) as e:
        parse_cards([{"id": "bad_range", "abilities": [ab]}], "cards.toml")
    assert e.value.source == "cards.toml"
    assert e.value.field.startswith(f"card[bad_range].abilities[a].{field}"), e.value.field
