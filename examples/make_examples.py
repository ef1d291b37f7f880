"""Regenerate the example scenarios and records: ``python examples/make_examples.py``.

Each file is checked by the tests (``berserk check``)."""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))

from berserk_kernel.berserk import new_game, position  # noqa: E402
from berserk_kernel.berserk.agents import choose, play_random  # noqa: E402
from berserk_kernel.berserk.record import make_record  # noqa: E402
from berserk_kernel.core.dice import Dice  # noqa: E402


def scenario(name, state, ru, en):
    data = state.to_dict()
    data["description"] = {"ru": ru, "en": en}
    (ROOT / "scenarios" / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main():
    (ROOT / "scenarios").mkdir(exist_ok=True)
    (ROOT / "records").mkdir(exist_ok=True)
    scenario("defender", position("A gorge_warden c3", "B bog_troll c4", "B fen_militiaman d4", "A forest_boar b3"),
             "Страж ущелья может ударить тролля; B может подставить ополченца (BR-10.2).",
             "The Gorge Warden may strike the troll; B may assign the militiaman as defender (BR-10.2).")
    scenario("fight_choice", position("A mountain_thane c3", "B grave_ghoul c4", forced=[5, 1]),
             "Кубики подкручены: белый 5, чёрный 1 — разница +4, нападающий выбирает (R-BR-FIGHT).",
             "Dice forced: white 5, black 1: a difference of +4, the attacker chooses (R-BR-FIGHT).")
    scenario("only_flyers", position("A gorge_warden c3", "A forest_boar b2", "B pass_eagle aux", "B bloodsucker_bat aux"),
             "У B остались одни летающие: существа A могут закрыться ради удара по летающему (BR-11.1).",
             "B has only flyers left: A's creatures may close to earn a strike at a flyer (BR-11.1).")
    scenario("closed_target", position("A thicket_ranger c3", "B marsh_serpent d4 closed wounds=1"),
             "Цель закрыта и без защитника: бросает только нападающий (BR-10.3).",
             "The target is closed with no defender: only the attacker rolls (BR-10.3).")
    # the start of a battle, from a seeded random set-up
    s, dice = new_game(seed=21), Dice(21)
    while s.phase != "battle":
        s.apply(choose(s, dice))
    scenario("battle_start", s, "Начало боя после случайной подготовки (семя 21).",
             "The start of a battle after a random set-up (seed 21).")
    for seed in (1, 7):
        g = play_random(new_game(seed=seed), seed)
        rec = make_record(g)
        rec["description"] = {"ru": f"Случайная партия, семя {seed}: от набора отрядов до победы.",
                              "en": f"A random game, seed {seed}: from squad building to victory."}
        (ROOT / "records" / f"random_game_seed{seed}.json").write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
