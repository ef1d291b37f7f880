"""Words the «Битва за Город» kernel writes: forces, districts, influence and successes agree with
their numbers in Russian and English (city/data/messages.toml through core/messages.py), driven
through the real code paths, and a scan of every log line of seeded random games."""
import re

import pytest

from berserk_kernel.city import new_game
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.i18n import T
from berserk_kernel.core.messages import catalog
from berserk_kernel.core.words import agreement_errors, count

from .helpers import position, random_action

NS = (0, 1, 2, 5, 11, 21, 22, 25)
M = catalog("berserk_kernel.city")
RU = {
    "force": ("0 сил", "1 сила", "2 силы", "5 сил", "11 сил", "21 сила", "22 силы", "25 сил"),
    "district": ("0 районов", "1 район", "2 района", "5 районов", "11 районов", "21 район", "22 района",
                 "25 районов"),
    "influence": ("0 жетонов Влияния", "1 жетон Влияния", "2 жетона Влияния", "5 жетонов Влияния",
                  "11 жетонов Влияния", "21 жетон Влияния", "22 жетона Влияния", "25 жетонов Влияния"),
    "success": ("0 успехов", "1 успех", "2 успеха", "5 успехов", "11 успехов", "21 успех", "22 успеха", "25 успехов"),
    "attack": ("0 атак", "1 атака", "2 атаки", "5 атак", "11 атак", "21 атака", "22 атаки", "25 атак"),
}
FORCE_ACC = ("0 сил", "1 силу", "2 силы", "5 сил", "11 сил", "21 силу", "22 силы", "25 сил")
EN = {"force": ("force", "forces"), "district": ("district", "districts"), "influence": ("influence", "influence"),
      "success": ("success", "successes"), "attack": ("attack", "attacks")}
A = T("Игрок A", "Player A")


@pytest.mark.parametrize("noun", sorted(RU))
def test_counted_nouns_for_0_1_2_5_11_21_22_25(noun):
    assert tuple(count(n, noun, "ru") for n in NS) == RU[noun]
    assert tuple(count(n, noun, "en") for n in NS) == tuple(f"{n} {EN[noun][n != 1]}" for n in NS)


@pytest.mark.parametrize("i,n", list(enumerate(NS)))
def test_force_messages_take_the_accusative(i, n):
    assert M("redeploys", player=A, n=n, s=1, d=2).ru == f"Игрок A перебрасывает {FORCE_ACC[i]}: район 1 → район 2"
    assert M("redeploys", player=A, n=n, s=1, d=2).en == f"Player A redeploys {n} {EN['force'][n != 1]}: district 1 → district 2"
    assert M("forces_placed", player=A, n=n, d=3, now=n).ru == f"Игрок A: +{RU['force'][i]} на район 3 (теперь {n})"
    assert M("start_influence", n=n).ru == f"Каждый игрок получает {RU['influence'][i]}"
    assert M("attacks_allowed", n=n).ru == "В этот ход можно сделать " + RU["attack"][i].replace("1 атака", "1 атаку")


@pytest.mark.parametrize("i,n", [(1, 1), (2, 2), (3, 5)])
def test_the_reinforce_line_through_the_kernel(i, n):
    """CITY-3.4: «Игрок A покупает 1 силу / 2 силы / 5 сил … за 1 жетон Влияния / 2 жетона …»."""
    g = position({1: (0, 0), 25: (1, 3)}, influence=[30, 0])
    g.apply(f"reinforce 1 +{n}")
    e = g.log[-1]
    cost = e.data["cost"]
    assert e.rule_id == "CITY-3.4" and e.data["count"] == n
    cost_ru = count(cost, "influence", "ru", "acc")
    assert e.ru.startswith(f"Игрок A покупает {FORCE_ACC[i]} на район 1 за {cost_ru} (номера 1-{n} среди сил")
    assert e.en.startswith(f"Player A buys {n} {EN['force'][n != 1]} for district 1 for {cost} influence")


@pytest.mark.parametrize("i,n", [(1, 1), (2, 2), (3, 5), (4, 11), (5, 21), (6, 22)])
def test_the_income_line_counts_the_districts(i, n):
    """CITY-3.2 through the kernel: «доход за 1 район / 2 района / 5 районов / 21 район»."""
    g = position({**{d: (0, 1) for d in range(1, n + 1)}, 25: (1, 3)}, phase="income")
    g.apply("income")
    e = next(e for e in g.log if e.rule_id == "CITY-3.2" and e.kind == "income")
    assert e.ru == f"Игрок A: доход за {RU['district'][i]}: +{n}"
    assert e.en == f"Player A: income from {n} {EN['district'][n != 1]}: +{n}"


def test_the_setup_lines():
    g = new_game(players=2, map="default", seed=5)
    first = g.log[0]
    assert first.rule_id == "CITY-1" and re.fullmatch(r"Карта «[^»]+»: 25 районов, \d+ стартов(ый|ых); кубики d10", first.ru)
    influence = next(e for e in g.log if e.rule_id == "CITY-2.3")
    assert influence.ru == "Каждый игрок получает 1 жетон Влияния" and influence.en == "Every player gets 1 influence"


def test_the_final_table_and_winners():
    row = M("score", player=A, districts=21, forces=22, influence=1)
    assert row.ru == "Игрок A: 21 район, 22 силы, 1 жетон Влияния"
    assert row.en == "Player A: 21 districts, 22 forces, 1 influence"
    one = M("game_over", why=M("why_rounds", n=12), table=row, n=1, winners=A)
    assert one.ru == f"Конец игры (прошло 12 раундов). {row.ru}. Победитель: Игрок A"
    assert one.en == f"Game over (12 rounds are over). {row.en}. Winner: Player A"
    assert M("game_over", why=M("why_target", n=21), table=row, n=2, winners=A).ru.startswith(
        "Конец игры (у игрока 21 район).")


def test_battle_rolls_are_written_as_a_person_writes_them():
    e = M("battle_rolls", attack="7, 3, 9", hits_a=1, hit_a=6, defence="2", hits_d=0, hit_d=6)
    assert e.ru == "Атакующий бросает 7, 3, 9: 1 успех (6+); защитник бросает 2: 0 успехов (6+)"
    assert e.en == "The attacker rolls 7, 3, 9: 1 success (6+); the defender rolls 2: 0 successes (6+)"


def test_every_catalog_message_has_the_same_placeholders_in_both_languages():
    for key in M.messages:
        assert M.placeholders(key, "ru") == M.placeholders(key, "en"), key


MAPS = ("default", "river", "crossroads", "duel")


def test_random_games_write_no_broken_plural():
    """Every log line of 120 seeded random games, in both languages: no "(s)", «(ы)», Python
    reprs, and no number followed by a noun in the wrong form."""
    bad = []
    for i in range(120):
        m = MAPS[i % len(MAPS)]
        g = new_game(players=2 if m == "duel" else 2 + i % 3, map=m, seed=500 + i,
                     options={"cost_tiers": "owned" if i % 2 else "turn", "rounds": 6})
        rng = Dice(900 + i)
        while not g.is_over():
            g.apply(random_action(g, rng))
        for e in g.log:
            for lang in ("ru", "en"):
                text = e.text(lang)
                if agreement_errors(text, lang) or re.search(r"\['|\{'|\(s\)", text):
                    bad.append((e.rule_id, lang, text))
    assert not bad, bad[:10]
