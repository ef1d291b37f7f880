"""Classic Berserk's placement by a formation (`MCTSBot(place="formation")`, the classic profile since
session 11; bots/formation.py): fighters in front, cards that act from afar behind them, artifacts
and the cards that leave the field at the reveal in the last cells (BR-8.1, BR-8.2, BR-8.5)."""
import pytest

from berserk_kernel.berserk import new_game
from berserk_kernel.berserk.field import cell_at, cell_name, half_row, placement_tiers
from berserk_kernel.bots import GreedyBot, MCTSBot
from berserk_kernel.bots.advice import suggest, win_chance
from berserk_kernel.bots.base import Game, evaluate, seat_view
from berserk_kernel.bots.formation import (ARTIFACT, BEHIND, LEAVES, acts_from_afar, formation, formation_action,
                                           front_value, is_place_decision)
from berserk_kernel.bots.mcts import PROFILES, profile_bot


def placing(seed: int, second: bool = False):
    """Game `seed` (squads bought by the greedy bot) at the first placement of the first player,
    or (`second`) of the second player after the first one placed by the formation."""
    s = new_game(seed=seed)
    bot = GreedyBot(seed)
    while s.phase != "place":
        s.apply(bot.step(s))
    assert is_place_decision(s) and s.active == 0
    if second:
        while s.active == 0:
            s.apply(formation_action(s, 0))
        assert is_place_decision(s) and s.active == 1
    return s


def test_front_values_of_the_demo_cards():
    defs = new_game(seed=1).defs
    # a fighter: 2 x mean strike + lives / 2 + 2 x armour
    assert front_value(defs["avalanche_giant"]) == pytest.approx(2 * 13 / 3 + 4)            # 12.67
    assert front_value(defs["gorge_warden"]) == pytest.approx(2 * 2 + 2.5 + 2 * 1)          # armour 1: 8.5
    assert front_value(defs["skeleton_spearman"]) == pytest.approx(2 * 5 / 3 + 1)
    assert front_value(defs["nomad_spearman"]) == pytest.approx(2 * 5 / 3 + 1.5)            # a row strike: in front
    # a creature acting from afar by closing stands BEHIND the fighters: shot, throw, spell, heal, taunt
    for cid in ("bone_archer", "crag_slinger", "dark_conjurer", "grove_druid", "mire_corpse", "stubborn_shieldbearer"):
        assert acts_from_afar(defs[cid]), cid
    assert front_value(defs["bone_archer"]) == pytest.approx(2 * 4 / 3 + 1 - BEHIND)
    for cid in ("shadow_assassin", "nomad_spearman", "wandering_monk", "gloom_knight"):
        assert not acts_from_afar(defs[cid]), cid                 # adjacent, row, no close, none
    assert front_value(defs["grim_prism"]) == front_value(defs["watch_idol"]) == ARTIFACT
    for cid in ("bloodsucker_bat", "bonewing_wyrm", "deadly_quagmire", "curved_scimitar", "bloodsucking_leech"):
        assert front_value(defs[cid]) == LEAVES, cid


@pytest.mark.parametrize("seed, second", [(3, False), (3, True), (8, False), (8, True)])
def test_the_formation_fills_the_tiers_and_puts_the_strongest_fighters_in_front(seed, second):
    s = placing(seed, second)
    seat = s.active
    squad = list(s.seats[seat].squad)
    plan = formation(s, seat)
    assert sorted(plan) == sorted(squad) and len(set(plan.values())) == len(squad)
    # the cells are the tiers' in order: a tier is used only once the tiers before it are full
    tiers = placement_tiers(seat)
    used = [sum(c in plan.values() for c in tier) for tier in tiers]
    for k in range(1, len(tiers)):
        assert used[k] == 0 or used[k - 1] == len(tiers[k - 1])
    # a card with a higher front value never stands further back than one with a lower value
    value = {u: front_value(s.defs[s.cards[u].card]) for u in squad}
    for u in squad:
        for v in squad:
            if value[u] > value[v]:
                assert half_row(plan[u], seat) <= half_row(plan[v], seat), (u, v)
    best = max(squad, key=lambda u: (value[u], -u))
    assert plan[best] == cell_at(seat, 1, 2)         # the front row's centre, next to the enemy


def test_a_whole_placement_by_the_formation_is_legal_and_ends_where_planned():
    s = placing(8)
    plan = formation(s, 0)
    bot = profile_bot(8, seed=1)
    while s.phase == "place" and s.active == 0:
        a = bot.step(s)
        assert str(a) in {str(x) for x in Game.choices(s)}
        assert plan[a.card] == a.cell
        # of the cards whose planned cell is open now, the one with the highest front value
        open_now = [u for u in formation(s, 0) if Game.kind(a) == "place"
                    and any(x.card == u and x.cell == plan[u] for x in Game.choices(s))]
        assert a.card == open_now[0]
        s.apply(a)
    assert {u: s.cards[u].cell for u in plan} == plan


def test_the_option_changes_the_placement():
    assert PROFILES["berserk"]["place"] == "formation" and "place" not in PROFILES["heroes"]
    s = placing(3)
    plan = formation(s, 0)
    searched = MCTSBot(playouts=8, seed=1, depth=None, c=None, rollout=None, evaluation=None, place="search")
    by_search = searched.step(s)
    by_formation = MCTSBot(playouts=8, seed=1, depth=None, c=None, rollout=None, evaluation=None,
                           place="formation").step(s)
    assert plan[by_formation.card] == by_formation.cell
    # the search puts the Bonewing Wyrm (a flyer: it leaves its cell at the reveal) on the front
    # row's centre; the formation puts the Nomad Spearman there (its strongest fighter, placed
    # first) and the wyrm in the last row
    assert (str(by_search), str(by_formation)) == ("place #82 c3", "place #69 c3")
    name = {u: s.defs[s.cards[u].card].id for u in plan}
    assert (name[82], cell_name(plan[82])) == ("bonewing_wyrm", "a1")
    assert (name[69], cell_name(plan[69])) == ("nomad_spearman", "c3")
    assert (name[66], cell_name(plan[66])) == ("mistress_of_the_mires", "b2")    # acts from afar: row 2
    assert searched.last_iterations == 8 and not searched.places_formation(s)
    with pytest.raises(ValueError, match="unknown place 'grid'; known: search, formation"):
        MCTSBot(place="grid")


def test_the_formation_reads_only_the_seats_view():
    s = placing(3, second=True)
    view = seat_view(s, 1)
    assert formation(view, 1) == formation(s, 1)
    assert str(formation_action(view, 1)) == str(formation_action(s, 1))


def test_the_placement_hint_names_the_formation():
    s = placing(3)
    adv = suggest(s, level=8, seed=1)
    assert not adv.setup and Game.kind(adv.action) == "place" and adv.order_look == "place"
    assert adv.rule_ids == ("BR-8.1", "BR-8.2", "BR-8.5")
    # the strongest fighter first, to the front row's centre (a card of the plan whose cell is
    # open too, as the Mistress of the Mires' b2, comes later)
    assert str(adv.action) == str(formation_action(s, 0)) == "place #69 c3"
    # no playouts; a placement changes no material: every action has the position's own value
    assert all(n == 0 for _a, _v, n in adv.alternatives)
    value = evaluate(seat_view(s, 0))[0]
    assert value != 0.0 and {w for _a, w, _n in adv.alternatives} == {win_chance(value)} == {adv.win_chance}
    assert "ставить отряд строем" in adv.reason["ru"] and "placing the squad in formation" in adv.reason["en"]


def test_the_apps_hint_says_the_card_goes_to_its_place_in_the_formation():
    from widgets.bot_advice import why_words
    adv = suggest(placing(3), level=8, seed=1)
    assert why_words(adv, None, lambda a, lang: str(a), "ru").startswith("Компьютер советует ставить отряд строем")
    assert why_words(adv, None, lambda a, lang: str(a), "en").endswith("goes to its place in that formation.")
