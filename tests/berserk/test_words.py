"""Words the Berserk kernel writes: plurals, cases and card genders in Russian and English
(core/words.py, core/messages.py, berserk/data/messages.toml), driven through the real code paths,
and a scan of every log line of seeded random games of both modes."""
import doctest
import re

import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.berserk.agents import play_random
from berserk_kernel.berserk.cards import demo_cards
from berserk_kernel.berserk.effects import wound
from berserk_kernel.berserk.placement import check_host
from berserk_kernel.berserk.zones import to_graveyard
from berserk_kernel.core import messages, words
from berserk_kernel.core.messages import catalog
from berserk_kernel.core.words import agreement_errors, count

NS = (0, 1, 2, 5, 11, 21, 22, 25)
M = catalog("berserk_kernel.berserk")

RU = {
    "wound": ("0 ран", "1 рана", "2 раны", "5 ран", "11 ран", "21 рана", "22 раны", "25 ран"),
    "card": ("0 карт", "1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт"),
    "coin": ("0 монет", "1 монета", "2 монеты", "5 монет", "11 монет", "21 монета", "22 монеты", "25 монет"),
    "crystal": ("0 кристаллов", "1 кристалл", "2 кристалла", "5 кристаллов", "11 кристаллов", "21 кристалл",
                "22 кристалла", "25 кристаллов"),
    "gold_crystal": ("0 золотых кристаллов", "1 золотой кристалл", "2 золотых кристалла", "5 золотых кристаллов",
                     "11 золотых кристаллов", "21 золотой кристалл", "22 золотых кристалла", "25 золотых кристаллов"),
    "token": ("0 фишек", "1 фишка", "2 фишки", "5 фишек", "11 фишек", "21 фишка", "22 фишки", "25 фишек"),
    "time": ("0 раз", "1 раз", "2 раза", "5 раз", "11 раз", "21 раз", "22 раза", "25 раз"),
    "life": ("0 жизней", "1 жизнь", "2 жизни", "5 жизней", "11 жизней", "21 жизнь", "22 жизни", "25 жизней"),
}
ACC = ("0 ран", "1 рану", "2 раны", "5 ран", "11 ран", "21 рану", "22 раны", "25 ран")
EN_ONE = {"wound": "wound", "card": "card", "coin": "coin", "crystal": "crystal", "gold_crystal": "gold crystal",
          "token": "token", "time": "time", "life": "life"}
EN_MANY = {"wound": "wounds", "card": "cards", "coin": "coins", "crystal": "crystals",
           "gold_crystal": "gold crystals", "token": "tokens", "time": "times", "life": "lives"}


def test_doctests_of_words_and_messages_pass():
    for module in (words, messages):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


@pytest.mark.parametrize("noun", sorted(RU))
def test_counted_nouns_for_0_1_2_5_11_21_22_25(noun):
    assert tuple(count(n, noun, "ru") for n in NS) == RU[noun]
    assert tuple(count(n, noun, "en") for n in NS) == tuple(
        f"{n} {EN_ONE[noun] if n == 1 else EN_MANY[noun]}" for n in NS)


def test_fractions_take_the_few_form_and_a_decimal_comma():
    assert count(1.5, "wound") == "1,5 раны" and count(2.5, "wound", "en") == "2.5 wounds"


@pytest.mark.parametrize("i,n", list(enumerate(NS))[1:])
def test_the_wound_line_agrees_with_the_number(i, n):
    """BR-15 through effects.wound: «получает 1 рану / 2 раны / 5 ран / 21 рану», "takes 1 wound"."""
    s = position("A gorge_warden c3", "B bog_troll c4")
    lives = s.defs["bog_troll"].lives
    wound(s, 2, n)
    e = next(e for e in s.log if e.kind == "wound")
    assert e.rule_id == "BR-15" and e.data == {"card": 2, "wounds": n}
    assert e.ru == f"«Трясинный тролль» (#2) получает {ACC[i]} (всего ран: {n} из {lives})."
    assert e.en == f"Bog Troll (#2) takes {n} {'wound' if n == 1 else 'wounds'} ({n} of {lives})."


def test_a_real_strike_writes_its_wounds_in_words():
    s = position("A gorge_warden c3", "B bog_troll c4 closed", forced=[6])
    s.apply("strike #1 #2")
    lines = [e for e in s.log if e.kind == "wound"]
    assert lines and all(not agreement_errors(e.ru) and not agreement_errors(e.en, "en") for e in lines)
    assert re.search(r"получает \d+ (рану|раны|ран) ", lines[0].ru)


@pytest.mark.parametrize("i,n", list(enumerate(NS)))
def test_the_turn_start_line_counts_the_opened_cards(i, n):
    """BR-16: «Ход 2: ходит B; открыта 1 карта / открыты 2 карты / открыто 5 карт»."""
    s = position("A gorge_warden c3", *["B pass_eagle aux closed"] * n)
    s.apply("end")
    e = next(e for e in s.log if e.rule_id == "BR-16" and e.kind == "turn" and "turn" in e.data)
    verb = {0: "открыто", 1: "открыта", 2: "открыты", 5: "открыто", 11: "открыто", 21: "открыта", 22: "открыты",
            25: "открыто"}[n]
    assert e.ru == f"Ход 2: ходит B; {verb} {RU['card'][i]}."
    assert e.en == f"Turn 2: B to act; {n} {'card' if n == 1 else 'cards'} opened."


@pytest.mark.parametrize("i,n", list(enumerate(NS)))
def test_the_crystal_line_of_BR_7_2(i, n):
    s = new_game(seed=3, options={"gold": n, "silver": n, "second_gold_bonus": 0, "second_silver_bonus": 0})
    s.apply(next(a for a in s.legal_actions() if a.kind == "first"))
    e = next(e for e in s.log if e.rule_id == "BR-7.2")
    silver = RU["gold_crystal"][i].replace("золот", "серебрян").replace("серебряной", "серебряный")
    assert e.ru.endswith(f": {RU['gold_crystal'][i]} и {silver}.")
    one = n == 1
    assert e.en.endswith(f": {n} gold crystal{'' if one else 's'} and {n} silver crystal{'' if one else 's'}.")


@pytest.mark.parametrize("i,n", list(enumerate(NS))[1:])
def test_per_turn_limit_coins_and_hire_messages(i, n):
    assert M("per_turn_limit", n=n).ru == f"Лимит: {RU['time'][i]} за ход."
    assert M("per_turn_limit", n=n).en == f"Limit: {n} {'time' if n == 1 else 'times'} a turn."
    coins_acc = RU["coin"][i].replace("монета", "монету") if n % 10 == 1 and n % 100 != 11 else RU["coin"][i]
    assert M("hires", player="A", card=demo_cards()["forest_boar"], uid=5, n=n).ru == \
        f"A нанимает «Лесной вепрь» (#5) за {coins_acc}."
    assert M("coins_gained", player="A", n=n).ru == \
        f"Накопление: A получает монету (всего {RU['coin'][i]}) и открывает все свои монеты."
    assert M("tokens_paid", n=n, left=0).en == f"Exactly {n} {'token' if n == 1 else 'tokens'} removed (0 left)."


def test_heroes_accumulation_through_the_real_turn_start():
    s = new_game(seed=4, mode="heroes")
    s.apply(next(a for a in s.legal_actions() if a.kind == "first"))
    e = next(e for e in s.log if e.kind == "coins")
    first = s.seats[0].name
    assert e.ru == f"Накопление: {first} получает монету (всего 1 монета) и открывает все свои монеты."
    assert e.en == f"Accumulation: {first} gains a coin (1 coin in all) and opens all their coins."
    hero = next(e for e in s.log if e.kind == "hero")
    assert re.fullmatch(r"[AB]: герой «[^»]+», \d+ (жизнь|жизни|жизней)\.", hero.ru)


@pytest.mark.parametrize("card,ru", [
    ("forest_owl", "«Лесная сова» (#2) уничтожена и легла на кладбище."),
    ("marching_boots", "«Походные сапоги» (#2) уничтожены и легли на кладбище."),
    ("highlands", "«Высокогорье» (#2) уничтожено и легло на кладбище."),
    ("pass_eagle", "«Орёл перевалов» (#2) уничтожен и лёг на кладбище."),
])
def test_a_destroyed_card_agrees_with_its_gender(card, ru):
    s = position("A gorge_warden c3", f"B {card} aux")
    to_graveyard(s, 2, "BR-15")
    e = s.log[-1]
    assert e.kind == "death" and e.rule_id == "BR-15" and e.ru == ru
    assert e.en == f"{s.defs[card].name.en} (#2) is destroyed and goes to the graveyard."


def test_every_demo_card_has_a_gender_and_feminine_names_are_marked():
    defs = demo_cards()
    assert all(d.gender in ("m", "f", "n", "pl") for d in defs.values())
    assert defs["forest_owl"].gender == "f" and defs["marching_boots"].gender == "pl"
    assert defs["highlands"].gender == "n" and defs["gorge_warden"].gender == "m"


def test_no_class_refusal_names_the_card_after_u_karty():
    s = position("A village_militiaman c2", "A notched_axe aux")
    v = check_host(s, 2, 1)
    assert not v.ok and v.rule_id == "BR-6"
    assert v.ru == "У карты «Деревенский ополченец» нет класса — экипировку нести нельзя."


def test_closed_card_refusal_agrees_with_a_feminine_card():
    s = position("A forest_owl aux closed", "B bog_troll c4")
    v = s.explain("strike #1 #2")
    assert not v.ok and v.rule_id == "BR-9.2" and v.ru.startswith("«Лесная сова» закрыта:")


def test_every_catalog_message_renders_in_both_languages_with_the_same_placeholders():
    for key in M.messages:
        assert M.placeholders(key, "ru") == M.placeholders(key, "en"), key


REPR = re.compile(r"\['|\{'|\(s\)|card\(s\)")


def _scan(game):
    bad = []
    for e in game.log:
        for lang in ("ru", "en"):
            text = e.text(lang)
            errors = agreement_errors(text, lang)
            if errors or REPR.search(text):
                bad.append((e.rule_id, lang, text, errors))
    return bad


@pytest.mark.parametrize("mode,games", [("classic", 150), ("heroes", 50)])
def test_random_games_write_no_broken_plural(mode, games):
    """Every log line of seeded random games, in both languages: no "(s)", «(ы)», Python reprs, and
    no number followed by a noun in the wrong form («1 золотых», "1 wounds")."""
    bad = []
    for seed in range(games):
        g = play_random(new_game(seed=seed, mode=mode, options={"turn_limit": 16}), seed)
        bad += _scan(g)
    assert not bad, bad[:10]


def test_a_property_refusal_names_card_types_in_words():
    from berserk_kernel.berserk.targets import _types
    assert _types(("creature", "artifact", "hero")).ru == "существо, артефакт или герой"
    assert _types(("creature", "artifact", "hero")).en == "a creature, an artifact or a hero"
    assert M("target_types", types=_types(("creature",))).ru == "Целью может быть только существо."


def test_an_action_at_the_wrong_time_is_named_in_words_not_by_its_code():
    from berserk_kernel.berserk.game import DISPATCH
    assert all(f"action_{kind}" in M.messages for kind in list(DISPATCH) + ["done"])
    s = new_game(seed=1)
    v = s.explain("end")
    assert not v.ok and v.rule_id == "BR-7"
    assert v.ru == "Сейчас нельзя закончить ход: идёт выбор очерёдности."
    assert v.en == "You cannot end the turn now: this is choosing who goes first."
