"""Regenerate the example scenarios and records of Battle for the City.

    python examples/city/make_examples.py      (from the project root)

Every file is checked by tests/city/test_files.py with `city check`.
"""
from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from berserk_kernel.city import load_scenario, new_game, record_of, save_scenario  # noqa: E402
from berserk_kernel.core.dice import Dice  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent


def write(path: pathlib.Path, data: dict) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(path.relative_to(ROOT))


def random_game(rng: Dice, state, stop=None):
    while not state.is_over() and not (stop and stop(state)):
        if state.phase == "actions" and rng.randbelow(10) < 3:
            state.apply("end")
            continue
        acts = state.legal_actions()
        verbs = sorted({a.verb for a in acts})
        verb = verbs[rng.randbelow(len(verbs))]
        acts = [a for a in acts if a.verb == verb]
        state.apply(acts[rng.randbelow(len(acts))])
    return state


def main() -> None:
    sc, rec = HERE / "scenarios", HERE / "records"
    write(sc / "opening-2p.json", {
        "game": "city", "kind": "scenario",
        "title": {"ru": "Начало партии на двоих", "en": "A two-player opening"},
        "setup": {"players": 2, "map": "default", "seed": 2025}})
    write(sc / "river-3p.json", {
        "game": "city", "kind": "scenario",
        "title": {"ru": "Трое у реки; цена сил по числу сил на поле", "en": "Three by the river; force prices by the forces on the board"},
        "setup": {"players": 3, "map": "river", "seed": 7, "options": {"cost_tiers": "owned"}}})
    write(sc / "last-district.json", {
        "game": "city", "kind": "scenario",
        "title": {"ru": "Последний район неприкосновенен", "en": "The last district is immune"},
        "description": {"ru": "У B остался один район 8: атаковать его нельзя (CITY-4.4).",
                        "en": "B has one district left, 8: it cannot be attacked (CITY-4.4)."},
        "setup": {"players": 2, "map": "default", "seed": 4},
        "position": {"phase": "actions", "round": 5, "current": 0,
                     "districts": {"7": {"owner": 0, "forces": 9}, "3": {"owner": 0, "forces": 4},
                                   "8": {"owner": 1, "forces": 2}},
                     "influence": [6, 3], "hq": [3, 8]}})
    forced = {
        "game": "city", "kind": "scenario",
        "title": {"ru": "Бой с заданными кубиками", "en": "A battle with forced dice"},
        "description": {"ru": "Атака 13>14 силами 4 против 3: кубики 7, 9, 2, 8 и 6, 1, 3 — захват, трое выживших.",
                        "en": "Attack 13>14 with 4 on 3: dice 7, 9, 2, 8 and 6, 1, 3 — capture, three survivors."},
        "setup": {"players": 2, "map": "default", "seed": 5},
        "position": {"phase": "actions", "round": 3, "current": 0,
                     "districts": {"13": {"owner": 0, "forces": 5}, "12": {"owner": 0, "forces": 1},
                                   "14": {"owner": 1, "forces": 3}, "15": {"owner": 1, "forces": 2}},
                     "influence": [4, 2], "hq": [12, 15], "forced": [7, 9, 2, 8, 6, 1, 3]}}
    write(sc / "forced-battle.json", forced)

    g = random_game(Dice(41), new_game(2, map="crossroads", seed=41), stop=lambda s: s.round >= 4)
    write(sc / "crossroads-round-4.json", save_scenario(g, title={"ru": "Перекрёсток, сохранено в раунде 4",
                                                                   "en": "Crossroads, saved in round 4"}))

    for name, kw in (("default-2p", dict(players=2, map="default", seed=1)),
                     ("river-3p-owned-tiers", dict(players=3, map="river", seed=2, options={"cost_tiers": "owned"})),
                     ("crossroads-4p", dict(players=4, map="crossroads", seed=3)),
                     ("duel-short", dict(players=2, map="duel", seed=4, options={"rounds": 4, "target_districts": 9}))):
        g = random_game(Dice(100 + kw["seed"]), new_game(**kw))
        write(rec / f"{name}.json", record_of(g))
    g = load_scenario(forced, "forced-battle.json")
    for text in ("attack 13>14 4", "redeploy 14>13 1", "reinforce 14 +2", "end"):
        g.apply(text)
    write(rec / "forced-battle-played.json", record_of(g, title={"ru": "Разыгранный бой с заданными кубиками",
                                                                 "en": "The forced-dice battle, played"}))


if __name__ == "__main__":
    main()
