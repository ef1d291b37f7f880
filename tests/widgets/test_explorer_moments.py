"""Any moment in the explorer, without a browser: built with the explorer's own editors (a pending
defender choice, a queued chain of three answers, simultaneous hires in a Heroes game, a City
position between two attacks), saved as a file and as a link, reloaded in a fresh explorer to the
same state hash and the same choices, and played on to the end exactly like the original.
Refused edits name the field and change nothing."""
from __future__ import annotations

import json
import random

from berserk_kernel.core.dice import Dice
from widgets.explorer import ExplorerController
from widgets.explorer_city import CityExplorer

LIMIT = {"turn_limit": 40}


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def reload_both_ways(c) -> list:
    """The explorer's position through its file text and through its link, in fresh explorers."""
    out = []
    for how in ("file", "link"):
        d = ExplorerController(lang="en")
        ok = d.load_text(c.save_text(), "moment.json") if how == "file" else d.load_code(c.share_code())
        assert ok, d.message.en
        assert d.state.state_hash() == c.state.state_hash()
        assert legal(d.state) == legal(c.state)
        out.append(d)
    return out


def play_on(c, script=(), seed=0, cap=3000) -> str:
    """Play the explorer's position as a game to the end: the script, then strikes first, else a
    seeded choice. The final state hash."""
    assert c.play(), c.message.en
    rng = random.Random(seed)
    for a in script:
        assert c.player.apply(a), c.player.message
    s = c.player.state
    for _ in range(cap):
        acts = s.legal_actions()
        if not acts:
            break
        strikes = [a for a in acts if a.kind == "strike"]
        s.apply(rng.choice(strikes or acts))
    assert s.phase == "over" and s.winner in (0, 1, "draw")
    return s.state_hash()


def build(c, *placements):
    for cid, where, owner in placements:
        assert c.place(cid, where, owner=owner), c.message.en


def with_limit(c):
    assert c.set_field("options", json.dumps(LIMIT)), c.message.en


# --- Berserk ------------------------------------------------------------------------------------

def test_a_pending_defender_choice_built_saved_reloaded_and_played_on():
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0), ("bog_troll", "c3", 1), ("deep_stonecutter", "d2", 1), ("crag_slinger", "a1", 0))
    with_limit(c)
    assert c.set_pending("defend", seat=1, attacker=1, target=2), c.message.en
    assert c.state.pending == {"kind": "defend", "seat": 1, "attacker": 1, "target": 2}
    assert c.state.to_move == 1 and set(legal(c.state)) == {"defend #3", "nodefend"}
    assert "chooses a defender against #1's strike at #2 (BR-10.3)" in c.moment_lines("en")[0]
    assert "выбирает защитника" in c.moment_lines("ru")[0]
    for d in reload_both_ways(c):
        assert d.state.pending == c.state.pending
        assert play_on(d, ["defend #3"], seed=1) == play_on(c.__class__(c.state, "en"), ["defend #3"], seed=1)


def test_a_pending_decision_that_does_not_fit_is_refused_and_changes_nothing():
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0), ("bog_troll", "c3", 1))
    before = c.state.state_hash(), json.dumps(c.data, sort_keys=True)
    assert not c.set_pending("defend", seat=1, attacker=1, target=9)
    assert c.message.kind == "illegal" and "field pending" in c.message.en
    assert "поле данных pending" in c.message.ru
    assert (c.state.state_hash(), json.dumps(c.data, sort_keys=True)) == before
    assert not c.set_pending("defend", seat="x")
    assert "seat: a whole number is needed" in c.message.en
    assert (c.state.state_hash(), json.dumps(c.data, sort_keys=True)) == before


def test_a_fight_table_choice_built_by_the_editor():
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0), ("bog_troll", "c3", 1))
    with_limit(c)
    assert c.set_pending("choice", seat=0, attacker=1, target=2, white=6, black=2), c.message.en
    assert set(legal(c.state)) == {"exchange", "safe"}
    for d in reload_both_ways(c):
        assert play_on(d, ["safe"], seed=2) == play_on(ExplorerController(c.state, "en"), ["safe"], seed=2)


def test_a_queued_chain_of_three_answers_resolves_last_first_after_reload():
    c = ExplorerController(lang="en")
    build(c, ("forest_archer", "c2", 0), ("wind_shaman", "a1", 0), ("skeleton_spearman", "c5", 1),
          ("wandering_monk", "e6", 1), ("plantain_brew", "on=3", 1))
    assert c.set_flag(3, "wounds", 1)
    assert c.set_flag(1, "closed", True) and c.set_flag(2, "closed", True)     # they closed to declare
    assert c.set_used(4, "mend", 1)                                            # the monk's use this turn
    with_limit(c)
    assert c.abilities_of(1) == ["shot"] and c.abilities_of(4) == ["mend"] and c.abilities_of(2) == ["gust"]
    for src, ab, tg in ((1, "shot", [3]), (4, "mend", [3]), (2, "gust", [4])):
        assert c.add_queued(src, ab, tg), c.message.en
    s = c.state
    assert [e["ability"] for e in s.queue] == ["shot", "mend", "gust"] and s.stage == "queue" and s.to_move == 1
    assert [line.split(":")[0] for line in c.moment_lines("en")] == ["Queue 1", "Queue 2", "Queue 3"]
    for d in reload_both_ways(c):
        assert d.state.queue == s.queue
        end = play_on(d, ["use #5 drink"], seed=3)
        resolved = [e.data["ability"] for e in d.player.state.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
        assert resolved[:4] == ["drink", "gust", "mend", "shot"]
        assert end == play_on(ExplorerController(c.state, "en"), ["use #5 drink"], seed=3)


def test_queue_entries_are_removed_and_a_wrong_ability_is_refused():
    c = ExplorerController(lang="en")
    build(c, ("forest_archer", "c2", 0), ("skeleton_spearman", "c5", 1))
    before = c.state.state_hash()
    assert not c.add_queued(1, "no_such_ability", [2])
    assert c.message.kind == "illegal" and "queue" in c.message.en and c.state.state_hash() == before
    assert c.add_queued(1, "shot", [2])
    assert c.remove_entry("queue", 0) and c.state.queue == []
    assert not c.remove_entry("queue", 5) and "no. 5" in c.message.en


def test_simultaneous_hires_in_a_heroes_game_as_the_seed_says():
    """Seed 003, the example after 402.2: both players hire at once; the inactive player declares
    first, the cure resolves first and the destroy still resolves."""
    c = ExplorerController(lang="en")
    build(c, ("rotfang", "b2", 0), ("village_herbalist", "d5", 1), ("lord_of_the_thicket", "c4", 1))
    for uid, key, value in ((1, "closed", True), (2, "closed", True), (3, "poison", 1)):
        assert c.set_flag(uid, key, value), c.message.en
    assert c.set_heroes("warlord_of_the_peaks", "marsh_princess"), c.message.en
    assert c.set_player(0, "coins", 3) and c.set_player(1, "coins", 2)
    assert c.add_to_zone("gorge_warden", "deck", 0) and c.add_to_zone("bog_troll", "hand", 1)
    assert c.zone_cards(0, "deck") == [6] and c.zone_cards(1, "hand") == [7]
    assert c.set_turn(turn=5) and c.set_field("options", json.dumps(LIMIT))
    assert c.add_fired(1, "devour", [1]) and c.add_fired(2, "antidote", [2]), c.message.en
    s = c.state
    assert s.mode == "heroes" and s.seats[0].hero == 4 and s.stage == "triggers" and s.to_move == 1
    assert legal(s) == ["use #2 antidote #3"]
    for d in reload_both_ways(c):
        assert d.state.fired == s.fired
        end = play_on(d, ["use #2 antidote #3"], seed=4)
        resolved = [e.data["ability"] for e in d.player.state.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
        assert resolved[:2] == ["antidote", "devour"]
        assert end == play_on(ExplorerController(s, "en"), ["use #2 antidote #3"], seed=4)


def test_decks_hands_graveyards_and_moving_cards_between_zones():
    c = ExplorerController(lang="ru")
    build(c, ("gorge_warden", "c2", 0), ("notched_axe", "on=1", 0), ("bog_troll", "c4", 1))
    assert c.add_to_zone("deadfall_wolf", "graveyard", 1) and "кладбище" in c.message.ru
    assert c.add_to_zone("deep_stonecutter", "deck", 0) and c.add_to_zone("crag_slinger", "deck", 0)
    assert c.zone_cards(0, "deck") == [5, 6]
    assert c.to_top(6) and c.zone_cards(0, "deck") == [6, 5]
    assert c.to_zone(1, "graveyard"), c.message.en          # the axe on it goes along
    assert c.zone_cards(0, "graveyard") == [1, 2] and c.state.cells[c.state.cards[3].cell] == 3
    assert c.state.cards[2].zone == "graveyard" and c.state.cards[1].wounds == 0
    assert c.drop(5) and 5 not in c.state.cards
    before = c.state.state_hash()
    assert not c.add_to_zone("bog_troll", "nowhere") and "nowhere" in c.message.en
    assert not c.to_zone(99, "hand") and "#99" in c.message.en
    assert c.state.state_hash() == before


def test_any_field_as_json_names_the_field_when_it_is_wrong():
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0))
    before = c.state.state_hash()
    assert not c.set_field("players", "[1,")
    assert "field players" in c.message.en and "not valid JSON" in c.message.en
    assert not c.set_field("players", '[{"gold": -1}, {}]')
    assert "players[0].gold" in c.message.en and "players[0].gold" in c.message.ru
    assert c.state.state_hash() == before
    assert c.set_field("players", '[{"name": "Аня", "gold": 3}, {"name": "Борис"}]'), c.message.en
    assert c.seat_name(0) == "Аня" and json.loads(c.field_text("players"))[1]["name"] == "Борис"


def test_a_bad_link_names_the_link_and_the_field_and_keeps_the_position():
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0))
    before = c.state.state_hash(), json.dumps(c.data, sort_keys=True)
    good = c.share_code()
    for code, words in (("", "code is empty"), ("9abc", "unknown code version"), (good[:-6], "code"),
                        (good + "!", "not allowed")):
        assert not c.load_code(code)
        assert c.message.kind == "error" and "(the link <link>)" in c.message.en and "field code" in c.message.en, code
        assert words in c.message.en and "(ссылка <link>)" in c.message.ru
        assert (c.state.state_hash(), json.dumps(c.data, sort_keys=True)) == before
    city = CityExplorer(lang="en")
    assert not c.load_code(city.share_code()) and "another game" in c.message.en
    assert c.load_code("https://example.org/voila/render/40_scenario_explorer.ipynb?lang=en&pos=" + good)


# --- Battle for the City -------------------------------------------------------------------------

def city_mid_attack(lang="en") -> CityExplorer:
    """Round 3, A's actions: «Второй фронт» allows two attacks; A has made one (13 into 14)."""
    c = CityExplorer(lang=lang)
    for d, owner, forces in ((13, 0, 1), (14, 0, 3), (15, 1, 2), (20, 1, 4), (12, 0, 2), (25, 1, 1)):
        assert c.set_district(d, owner, forces), c.message.en
    edits = [(c.set_phase, "actions"), (c.set_round, 3), (c.set_influence, 0, 2), (c.set_influence, 1, 5),
             (c.set_hq, 0, 12), (c.set_hq, 1, 20), (c.set_deck, "quiet-day, market-day, truce, night-raid, reinforcements"),
             (c.set_deck, ["second-front"], "discard"), (c.set_field, "last_event", '"second-front"'),
             (c.set_turn, "attacks", 1), (c.set_turn, "attack_limit", 2), (c.force_dice, 8, 9, 3, 2)]
    for fn, *args in edits:
        assert fn(*args), (fn.__name__, c.message.en)
    return c


def city_play_to_end(s, seed) -> str:
    from tests.city.helpers import random_action
    rng = Dice(seed)
    for _ in range(5000):
        if s.phase == "over":
            break
        s.apply(random_action(s, rng))
    assert s.phase == "over" and s.winners
    return s.state_hash()


def test_a_city_position_mid_attack_built_saved_reloaded_and_played_on():
    c = city_mid_attack()
    s = c.state
    assert (s.phase, s.round, s.current, s.influence, s.hq) == ("actions", 3, 0, [2, 5], [12, 20])
    assert s.owner[14] == 0 and s.forces[14] == 3 and s.turn["attacks"] == 1 and s.turn["attack_limit"] == 2
    assert s.deck == ["quiet-day", "market-day", "truce", "night-raid", "reinforcements"]
    assert "attack 14>15 2" in legal(s)
    ends = []
    for how in ("file", "link"):
        d = CityExplorer(lang="en")
        assert (d.load_text(c.save_text(), "city.json") if how == "file" else d.load_code(c.share_code())), d.message.en
        assert d.state.state_hash() == s.state_hash() and legal(d.state) == legal(s)
        assert d.player.apply("attack 14>15 2"), d.player.message
        ends.append(city_play_to_end(d.state, seed=3))
    orig = CityExplorer(lang="en")
    assert orig.load_code(c.share_code())
    orig.player.apply("attack 14>15 2")
    assert ends == [city_play_to_end(orig.state, seed=3)] * 2


def test_city_edits_that_do_not_fit_are_refused_naming_the_field():
    c = city_mid_attack()
    before = c.state.state_hash()
    cases = ((lambda: c.set_district(99, 0, 1), "position.districts.99"),
             (lambda: c.set_district(13, None, 2), "position.districts.13.forces"),
             (lambda: c.set_deck("quiet-day, no-such-event"), "position.deck[1]"),
             (lambda: c.set_phase("lunch"), "position.phase"),
             (lambda: c.set_influence(0, "lots"), "influence: a whole number"))
    for edit, words in cases:
        assert not edit()
        assert words in c.message.en, c.message.en
        assert c.state.state_hash() == before
    assert c.set_influence(0, 7) and c.state.influence[0] == 7
    assert c.undo_edit() and c.state.state_hash() == before


def test_squad_building_with_decks_and_the_deal_built_by_the_editor():
    c = ExplorerController(lang="en")
    for seat, deck in ((0, ["gorge_warden", "deep_stonecutter", "crag_slinger", "forest_archer"]),
                       (1, ["bog_troll", "skeleton_spearman", "deadfall_wolf", "wandering_monk"])):
        for zone, ids in (("deck", deck), ("deal", deck[:3])):
            for cid in ids:
                assert c.add_to_zone(cid, zone, seat), c.message.en
    assert c.set_field("options", json.dumps(dict(LIMIT, deck_min=1, deal_size=6, gold=12, silver=6)))
    for seat in (0, 1):
        assert c.set_player(seat, "gold", 12) and c.set_player(seat, "silver", 6)
    assert c.set_phase("build"), c.message.en
    assert "squad building" in c.message.en and "набор отряда" in c.message.ru
    s = c.state
    assert [s.cards[u].card for u in s.seats[1].deal] == ["bog_troll", "skeleton_spearman", "deadfall_wolf"]
    assert any(a.kind == "buy" for a in s.legal_actions())
    for d in reload_both_ways(c):
        assert play_on(d, seed=6) == play_on(ExplorerController(s, "en"), seed=6)


def test_two_own_cards_are_placed_saved_reloaded_and_played_on():
    c = ExplorerController(lang="en")
    assert c.add_own_card({"id": "my_guard", "name": {"ru": "Мой страж", "en": "My guard"}, "lives": 4,
                           "strike": [1, 2, 3]}), c.message.en
    assert c.add_own_card('[[card]]\nid = "my_scout"\nname = {ru = "Мой разведчик", en = "My scout"}\nmove = 2\n'), \
        c.message.en
    build(c, ("my_guard", "c2", 0), ("my_scout", "c4", 1), ("bog_troll", "b4", 1))
    with_limit(c)
    assert sorted(t["id"] for t in c.save_dict()["own_cards"]) == ["my_guard", "my_scout"]
    for d in reload_both_ways(c):
        assert d.state.defs["my_scout"].move == 2 and "my_guard" in [cid for _l, cid in d.palette()]
        assert play_on(d, seed=5) == play_on(ExplorerController(c.state, "en"), seed=5)
    before = c.state.state_hash()
    assert not c.add_own_card({"id": "my_bad", "lives": 0})
    assert "own_cards[my_bad].lives" in c.message.en and c.state.state_hash() == before


def test_city_bad_text_and_codes_keep_the_position():
    c = city_mid_attack()
    before = c.state.state_hash()
    for text, words in (("{", "not valid JSON"), ('{"game": "city"}', "setup"), ("", "")):
        assert not c.load_text(text, "mine.json")
        assert "Not loaded (mine.json)" in c.message.en and words in c.message.en
        assert c.state.state_hash() == before
    assert not c.load_code(duel_code()) and "another game" in c.message.en
    assert not c.set_field("turn", "[1,") and "position.turn" in c.message.en
    assert c.state.state_hash() == before


def duel_code() -> str:
    c = ExplorerController(lang="en")
    build(c, ("gorge_warden", "c2", 0))
    return c.share_code()
