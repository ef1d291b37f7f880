"""Any moment of a Berserk game as a scenario: a pending defender choice, a fight-table choice, a
queued chain of three answers, simultaneous hires (seed 003, the example after 402.2), squad
building with decks and the deal, a battle with graveyards, tokens, poison and attached cards.
Each is built, saved (dict, file, link), reloaded to the same state hash and played on to the end
exactly like the original."""
from __future__ import annotations

import json
import random

import pytest

from berserk_kernel.berserk import BerserkState, load_scenario, position, save_scenario
from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError

LIMIT = {"turn_limit": 40}       # R-BR-TURN-LIMIT: every game here ends


def reloaded(s, tmp_path) -> BerserkState:
    """Saved three ways (dict through JSON, file, link) and loaded back: the same hash and choices."""
    again = BerserkState.from_dict(json.loads(json.dumps(s.to_dict())), "<t>")
    path = tmp_path / "moment.json"
    save_scenario(s, path)
    from_file = load_scenario(path)
    from_link = share.load(share.encode(s.to_dict()))
    for other in (again, from_file, from_link):
        assert other.state_hash() == s.state_hash()
        assert [str(a) for a in other.legal_actions()] == [str(a) for a in s.legal_actions()]
    return from_file


def play_to_end(s, seed=0, cap=3000):
    """Strikes first, otherwise a seeded choice, until the game is over."""
    rng = random.Random(seed)
    for _ in range(cap):
        legal = s.legal_actions()
        if not legal:
            break
        strikes = [a for a in legal if a.kind == "strike"]
        s.apply(rng.choice(strikes or legal))
    assert s.phase == "over" and s.winner in (0, 1, "draw")
    return s


def plays_on_alike(s, t, script=(), seed=0):
    """The original and the reloaded position take the same actions to the same end."""
    for a in script:
        s.apply(a)
        t.apply(a)
        assert t.state_hash() == s.state_hash()
    assert play_to_end(t, seed).state_hash() == play_to_end(s, seed).state_hash()
    return t


def test_a_pending_defender_choice_saves_reloads_and_plays_on(tmp_path):
    s = position("A gorge_warden c2", "B bog_troll c3", "B deep_stonecutter d2", "A crag_slinger a1",
                 options=LIMIT, seed=4)
    s.apply("strike #1 #2")
    assert s.pending == {"kind": "defend", "seat": 1, "attacker": 1, "target": 2}
    assert {str(a) for a in s.legal_actions()} == {"defend #3", "nodefend"}
    t = reloaded(s, tmp_path)
    assert t.pending == s.pending and t.stage == "pending:defend"
    t = plays_on_alike(s, t, ["defend #3"], seed=1)
    assert any(e.rule_id == "BR-10.3" and e.kind == "defend" for e in t.log)


def test_a_hand_written_defender_choice_is_the_same_moment():
    """The same decision written by hand (docs/scenarios.md, "pending")."""
    s = position("A gorge_warden c2", "B bog_troll c3", "B deep_stonecutter d2",
                 pending={"kind": "defend", "seat": 1, "attacker": 1, "target": 2})
    assert s.to_move == 1 and {str(a) for a in s.legal_actions()} == {"defend #3", "nodefend"}
    s.apply("nodefend")
    assert s.pending is None and s.cards[1].closed


def test_a_pending_fight_table_choice_saves_reloads_and_plays_on(tmp_path):
    s = position("A gorge_warden c2", "B bog_troll c3", options=LIMIT, forced=(6, 2), seed=2)
    s.apply("strike #1 #2")
    assert s.pending["kind"] == "choice" and (s.pending["white"], s.pending["black"]) == (6, 2)
    assert {str(a) for a in s.legal_actions()} == {"exchange", "safe"}
    t = reloaded(s, tmp_path)
    plays_on_alike(s, t, ["safe"], seed=2)


def test_a_queued_chain_of_three_answers_saves_reloads_and_resolves_last_first(tmp_path):
    s = position("A forest_archer c2", "A wind_shaman a1", "B skeleton_spearman c5 wounds=1",
                 "B wandering_monk e6", "B plantain_brew on=3", options=LIMIT, seed=5)
    for a in ("use #1 shot #3", "use #4 mend #3", "use #2 gust #4"):
        s.apply(a)
    assert [e["ability"] for e in s.queue] == ["shot", "mend", "gust"] and s.to_move == 1
    saved = s.to_dict()["queue"]
    assert [(e["source"], e["targets"]) for e in saved] == [(1, [3]), (4, [3]), (2, [4])]
    t = reloaded(s, tmp_path)
    assert t.stage == "queue" and t.queue == s.queue
    t = plays_on_alike(s, t, ["use #5 drink"], seed=3)
    resolved = [e.data["ability"] for e in t.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
    assert resolved[:4] == ["drink", "gust", "mend", "shot"]


def simultaneous_hires() -> dict:
    """Seed 003, the example after 402.2: both players hire at once; the active player's rotfang
    («Найм: уничтожить отравленное существо»), the inactive player's herbalist («Найм: снять
    отравление с существа»); both aim at the same poisoned creature. A Heroes game."""
    return {
        "mode": "heroes", "phase": "battle", "active": 0, "turn": 5, "options": LIMIT, "dice": {"seed": 9},
        "players": [{"name": "Аня", "hero": 4, "coins": 3, "coins_open": 0},
                    {"name": "Борис", "hero": 5, "coins": 2, "coins_open": 0}],
        "cards": [{"uid": 1, "card": "rotfang", "owner": 0, "cell": "b2", "closed": True},
                  {"uid": 2, "card": "village_herbalist", "owner": 1, "cell": "d5", "closed": True},
                  {"uid": 3, "card": "lord_of_the_thicket", "owner": 1, "cell": "c4", "poison": 1},
                  {"uid": 4, "card": "warlord_of_the_peaks", "owner": 0, "zone": "aux"},
                  {"uid": 5, "card": "marsh_princess", "owner": 1, "zone": "aux"},
                  {"uid": 6, "card": "gorge_warden", "owner": 0, "zone": "deck"},
                  {"uid": 7, "card": "bog_troll", "owner": 1, "zone": "hand"}],
        "fired": [{"card": 1, "ability": "devour", "seat": 0, "points": [1]},
                  {"card": 2, "ability": "antidote", "seat": 1, "points": [2]}],
    }


def test_simultaneous_hires_save_reload_and_play_on_as_the_seed_says(tmp_path):
    s = BerserkState.from_dict(simultaneous_hires(), "<t>")
    assert s.stage == "triggers" and s.to_move == 1          # the inactive player declares first
    assert [str(a) for a in s.legal_actions()] == ["use #2 antidote #3"]
    t = reloaded(s, tmp_path)
    assert t.fired == s.fired and t.mode == "heroes" and t.seats[0].hero == 4
    t = plays_on_alike(s, t, ["use #2 antidote #3"], seed=4)
    resolved = [e.data["ability"] for e in t.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
    assert resolved[:2] == ["antidote", "devour"]        # the cure first, the destroy still resolves
    assert t.cards[3].zone == "graveyard" and t.cards[3].poison == 0


def test_squad_building_with_decks_and_the_deal_saves_reloads_and_plays_on(tmp_path):
    data = {"phase": "build", "active": 0, "options": dict(LIMIT, deck_min=1, deal_size=6, gold=12, silver=6),
            "players": [{"name": "A", "gold": 12, "silver": 6}, {"name": "B", "gold": 12, "silver": 6}],
            "dice": {"seed": 21}, "cards": []}
    uid = 0
    for owner, deck in ((0, ["gorge_warden", "deep_stonecutter", "crag_slinger", "forest_archer"]),
                        (1, ["bog_troll", "skeleton_spearman", "deadfall_wolf", "wandering_monk"])):
        for zone, ids in (("deck", deck), ("deal", deck[:3])):
            for cid in ids:
                uid += 1
                data["cards"].append({"uid": uid, "card": cid, "owner": owner, "zone": zone})
    s = BerserkState.from_dict(data, "<t>")
    assert [s.cards[u].card for u in s.seats[1].deal] == ["bog_troll", "skeleton_spearman", "deadfall_wolf"]
    assert any(a.kind == "buy" for a in s.legal_actions())
    t = reloaded(s, tmp_path)
    plays_on_alike(s, t, seed=6)


def test_a_battle_with_graveyard_tokens_poison_and_attached_cards_saves_reloads_and_plays_on(tmp_path):
    s = position("A gorge_warden c2 wounds=2 poison=1", "A notched_axe on=1", "A herdsman b1 tokens=2",
                 "B bog_troll c4", "B deadfall_wolf graveyard", "B pass_eagle aux", "A deep_stonecutter hand",
                 options=LIMIT, seed=8, turn=6, active=1)
    d = s.to_dict()
    by_uid = {c["uid"]: c for c in d["cards"]}
    assert by_uid[2]["zone"] == "attached" and by_uid[2]["host"] == 1
    assert by_uid[3]["tokens"] == 2 and by_uid[1]["poison"] == 1 and by_uid[5]["zone"] == "graveyard"
    t = reloaded(s, tmp_path)
    plays_on_alike(s, t, seed=7)


def _chain() -> dict:
    return {"cards": [{"uid": 1, "card": "forest_archer", "owner": 0, "cell": "c2", "closed": True},
                      {"uid": 2, "card": "wind_shaman", "owner": 0, "cell": "a1", "closed": True},
                      {"uid": 3, "card": "skeleton_spearman", "owner": 1, "cell": "c5", "wounds": 1},
                      {"uid": 4, "card": "wandering_monk", "owner": 1, "cell": "e6", "used": {"mend": 1}},
                      {"uid": 5, "card": "plantain_brew", "owner": 1, "zone": "attached", "host": 3},
                      {"uid": 6, "card": "gorge_warden", "owner": 0, "zone": "graveyard"}],
            "queue": [{"source": 1, "card": "forest_archer", "ability": "shot", "targets": [3], "seat": 0},
                      {"source": 4, "card": "wandering_monk", "ability": "mend", "targets": [3], "seat": 1}],
            "priority": 0}


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d.update(phase="build"), "queue", "battle"),
    (lambda d: d["queue"][0].update(card="no_such_card"), "queue[0].card", "unknown card"),
    (lambda d: d["queue"][0].update(ability="fly"), "queue[0].ability", "no ability"),
    (lambda d: d["queue"][1].update(source=99), "queue[1].source", "no card #99"),
    (lambda d: d["queue"][1].update(targets=[3, 77]), "queue[1].targets[1]", "no card #77"),
    (lambda d: d["queue"][0].update(host=55), "queue[0].host", "no card #55"),
    (lambda d: d.update(batch=5), "batch", "past the end"),
    (lambda d: d.update(pending={"kind": "defend", "seat": 0, "attacker": 1, "target": 3}), "pending.seat", "BR-10.2"),
    (lambda d: d.update(pending={"kind": "defend", "seat": 1, "attacker": 6, "target": 3}), "pending.attacker", "not in play"),
    (lambda d: d.update(pending={"kind": "choice", "seat": 1, "attacker": 1, "target": 3}), "pending", "white and black"),
    (lambda d: d.update(pending={"kind": "choice", "seat": 1, "attacker": 1, "target": 3, "white": 40, "black": 1}),
     "pending.white", "at most 30"),
    (lambda d: d.update(fired=[{"card": 3, "ability": "shot", "seat": 1, "points": [3]}]), "fired[0].ability", "no ability"),
    (lambda d: d.update(queue=[], fired=[{"card": 1, "ability": "shot", "seat": 1, "points": [3]}]), "fired[0].seat", "owner"),
    (lambda d: d.update(queue=[], fired=[{"card": 1, "ability": "shot", "seat": 0, "points": [42]}]), "fired[0].points[0]", "no card #42"),
    (lambda d: d.update(players=[{"hero": 3}, {}]), "players[0].hero", "not a hero card of player 0"),
    (lambda d: d.update(players=[{"coins": 1, "coins_open": 2}, {}]), "players[0].coins_open", "open coins"),
])
def test_bad_decisions_name_the_field(change, field, words):
    data = _chain()
    assert BerserkState.from_dict(_chain(), "moment.json").stage == "queue"
    change(data)
    with pytest.raises(DataError) as e:
        BerserkState.from_dict(data, "moment.json")
    assert (e.value.source, e.value.field) == ("moment.json", field)
    assert words in e.value.en and e.value.ru


def test_a_game_played_on_from_a_moment_is_recorded_from_that_moment(tmp_path):
    from berserk_kernel.berserk.record import make_record, record_of, replay_record
    data = simultaneous_hires()
    data["own_cards"] = [{"id": "imp", "lives": 2}]
    data["cards"].append({"uid": 8, "card": "imp", "owner": 1, "cell": "e5"})
    s = BerserkState.from_dict(data, "<t>")
    data["cards"].clear()                                   # the caller's table may change later
    s.apply("use #2 antidote #3")
    play_to_end(s, seed=2)
    rec = record_of(s)
    assert rec["actions"] == [str(a) for a in s.actions] and rec["scenario"]["fired"]
    assert replay_record(json.loads(json.dumps(rec))).state_hash() == s.state_hash()
    g = _new_game_played()
    assert record_of(g) == make_record(g)                    # a game from new_game: its usual record


def _new_game_played():
    from berserk_kernel.berserk import new_game
    g = new_game(seed=1)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    return g
