"""The apps' own words (buttons, headings, hints) in Russian and English, and the page language.

Rule texts, log lines and verdicts come from the kernel; this module holds only the interface's
words. Russian is the default; a Voilà page opened with ``?lang=en`` starts in English: Voilà puts
the page's query string into the kernel's environment as ``QUERY_STRING`` before the notebook runs
(voila/handler.py, "Adding request uri to kernel env").
"""
from __future__ import annotations

import os
from urllib.parse import parse_qs

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"

WORDS: dict[str, tuple[str, str]] = {
    # common controls
    "apply": ("Применить", "Apply"),
    "undo": ("↶ Отменить ход", "↶ Undo"),
    "redo": ("↷ Вернуть ход", "↷ Redo"),
    "lang": ("Язык", "Language"),
    "title_berserk": ("Берсерк — игра вдвоём за одним экраном", "Berserk — a hot-seat game"),
    "title_berserk_bot": ("Берсерк — игра с компьютером", "Berserk — playing the computer"),
    "title_city_bot": ("Битва за Город — игра с компьютером", "Battle for the City — playing the computer"),
    "title_city": ("Битва за Город — игра за одним экраном", "Battle for the City — a hot-seat game"),
    "result_draw": ("ничья", "a draw"),
    "result_wins": ("{who}: победа", "{who} wins"),
    "result_winners": ("победа: {who}", "winner: {who}"),
    "turn_n": ("ход {n}", "turn {n}"),
    "cell_n": ("клетка {c}", "cell {c}"),
    "face_down_card": ("карта рубашкой вверх (#{uid})", "face-down card (#{uid})"),
    "attack_targets": ("цели атаки: {ds}", "attack targets: {ds}"),
    "can_select": ("ваши районы, которые можно выбрать: {ds}", "your districts you can select: {ds}"),
    "districts_lit": ("районы {what}", "districts {what}"),
    "district_lit": ("район {what}", "district {what}"),
    "col_influence": ("Влияние", "Influence"),
    "col_districts": ("Районы", "Districts"),
    "col_forces": ("Силы", "Forces"),
    "city_odds_none": ("Выберите свой район и наведите указатель на соседний вражеский (или выберите атаку в списке).",
                       "Select your district and point at a neighbouring enemy one (or pick an attack in the list)."),
    "how_to_play": ("Как играть", "How to play"),
    "to_start": ("← Все уроки", "← All lessons"),
    "card_hint": ("Наведите указатель на карту (на поле или в списке), чтобы прочитать её.",
                  "Point at a card (on the board or in a list) to read it."),
    "undone": ("Отменено: {what}", "Undone: {what}"),
    "redone": ("Возвращено: {what}", "Redone: {what}"),
    "actions": ("Все допустимые действия", "All legal actions"),
    "actions_hint": ("Без мыши: выберите действие в списке и нажмите «Применить».",
                     "Without a mouse: pick an action in the list and press Apply."),
    "no_actions": ("нет допустимых действий", "no legal actions"),
    "log": ("Журнал партии", "Game log"),
    "log_hint": ("Выберите запись, чтобы прочитать её правило.", "Select an entry to read its rule."),
    "rule": ("Правило", "Rule"),
    "message": ("Сообщение", "Message"),
    "dice": ("Кубики", "Dice"),
    "no_roll": ("в этот ход кубики не бросали", "no dice rolled this turn"),
    "white_die": ("белый", "white"),
    "black_die": ("чёрный", "black"),
    "odds": ("Шансы", "Odds"),
    "wounds_dealt": ("Сколько ран получит цель", "Wounds the target takes"),
    "odds_none": ("Выберите карту и наведите указатель на цель удара (или выберите удар в списке).",
                  "Select a card and point at a strike target (or pick a strike in the list)."),
    "viewer": ("Вид с места", "Board seen by"),
    "viewer_auto": ("чей ход", "whose turn"),
    "prompt_for": ("Решает {who}", "{who} to decide"),
    "status_decides": ("Решает: {who}", "To decide: {who}"),
    "status_over": ("Партия окончена", "Game over"),
    "selected": ("Выбрано: {what}", "Selected: {what}"),
    "lit_cells": ("клетки: {cells}", "cells: {cells}"),
    "lit_cards": ("карты: {cards}", "cards: {cards}"),
    "lit": ("Подсвечено — {what}", "Lit — {what}"),
    "focus_action": ("На доске выделено действие: {what}", "Shown on the board: {what}"),
    "nothing_lit": ("Подсвеченных целей нет", "No targets are lit"),
    "click_hint": ("Нажмите на подсвеченную карту или клетку.", "Click a lit card or cell."),
    "click_district": ("Нажмите на подсвеченный район.", "Click a lit district."),
    "pick_card_first": ("Сначала выберите карту: подсвечены те, что могут действовать.",
                        "Select a card first: the lit ones can act."),
    "deselected": ("Выбор снят.", "Selection cleared."),
    "choose_one": ("Этот щелчок означает несколько действий — выберите одно кнопкой.",
                   "This click stands for several actions: choose one with a button."),
    "no_action_for": ("У {what} сейчас нет допустимых действий.", "{what} has no legal action now."),
    "done_action": ("Сделано: {what}", "Done: {what}"),
    "review": ("Просмотр партии", "Review the game"),
    "review_open": ("Открыть журнал на доске", "Step through the game on the board"),
    "step_first": ("« В начало", "« Start"),
    "step_back": ("◀ Назад", "◀ Back"),
    "step_fwd": ("Вперёд ▶", "Forward ▶"),
    "step_last": ("В конец »", "End »"),
    "step_of": ("Шаг {i} из {n}", "Step {i} of {n}"),
    "step_start": ("Начальная позиция", "Starting position"),
    "step_action": ("Последнее действие: {what}", "Last action: {what}"),
    "review_from_position": ("Эта партия начата с готовой позиции, поэтому её нельзя прокрутить с самого начала.",
                             "This game started from a prepared position, so it cannot be stepped through from the start."),
    "review_unavailable": ("Эту партию нельзя воспроизвести с начала: {why}",
                           "This game cannot be replayed from its start: {why}"),
    # playing against the computer, the hint, the analysis (widgets/bot_panel.py)
    "opponent": ("Соперник", "Opponent"),
    "opp_human": ("второй игрок за этим экраном", "a second player at this screen"),
    "opp_easy": ("компьютер — лёгкий", "the computer — easy"),
    "opp_normal": ("компьютер — средний", "the computer — normal"),
    "opp_strong": ("компьютер — сильный", "the computer — strong"),
    "you_play": ("Вы играете за", "You play"),
    "hint_button": ("Подсказка", "Hint"),
    "hint_tip": ("Компьютер предложит действие и подсветит его на доске.",
                 "The computer suggests an action and lights it on the board."),
    "hint_says": ("Подсказка: {what}.", "Hint: {what}."),
    "hint_rules": ("Правила: {rules}.", "Rules: {rules}."),
    "hint_rule": ("Правило: {rules}.", "Rule: {rules}."),
    "hint_search": ("Компьютер {n} {times} просчитал в уме продолжение партии, пробуя разные ходы, и чаще всего "
                    "({v} {vtimes}) выбирал этот. По его оценке, шанс на победу после него — около {win}.",
                    "The computer played out the next moves in its head {n} {times}, trying different moves, and "
                    "chose this one most often ({v} {vtimes}). By its estimate, your chance to win after it "
                    "is about {win}."),
    "hint_counted": ("Компьютер выбрал этот ход, подсчитав, что он даёт сразу; шанс на победу — около {win}.",
                     "The computer chose this move by counting what it gives at once; your chance to win is "
                     "about {win}."),
    "hint_search_setup": ("Компьютер {n} {times} просчитал в уме продолжение партии, пробуя разные ходы, и чаще всего "
                          "({v} {vtimes}) выбирал этот. Шанс на победу он пока не называет: игроки ещё "
                          "готовятся к партии, и сравнить можно только то, что у них уже есть.",
                          "The computer played out the next moves in its head {n} {times}, trying different moves, "
                          "and chose this one most often ({v} {vtimes}). It names no chance to win yet: the "
                          "players are still setting up, and only what they already have can be compared."),
    "hint_counted_setup": ("Компьютер выбрал этот ход, подсчитав, что он даёт сразу.",
                           "The computer chose this move by counting what it gives at once."),
    "hint_second_setup": ("Второй по силе ход — {what}.", "The second-best move: {what}."),
    "hint_order_build": ("Второй игрок получает больше кристаллов, первый раньше начинает бой. Компьютер "
                         "{n} {times} набрал в уме отряды обоих игроков при каждом выборе и выбрал тот, при "
                         "котором ваш отряд выходит сильнее отряда соперника.",
                         "The second player gets more crystals; the first starts the battle sooner. The "
                         "computer built both players' squads in its head {n} {times} for each choice and "
                         "chose the one that leaves your squad stronger than the opponent's."),
    "hint_order_turns": ("Компьютер {n} {times} разыграл в уме первые ходы обоих игроков при каждом выборе и "
                         "выбрал тот, после которого ваш перевес больше.",
                         "The computer played both players' first turns in its head {n} {times} for each "
                         "choice and chose the one after which your lead is larger."),
    "hint_order_squad": ("Компьютер перебрал все наборы карт из раздачи, которые можно купить на ваши кристаллы, "
                         "и выбрал самый сильный отряд, считая стоимость каждой карты плюс 2 за каждую её жизнь. "
                         "Эта карта входит в него. Шанс на победу он пока не называет: игроки ещё готовятся к партии.",
                         "The computer tried every set of cards from the deal your crystals can buy and chose the "
                         "strongest squad, counting each card's cost plus 2 for each of its lives. This card is part "
                         "of it. It names no chance to win yet: the players are still setting up."),
    "hint_order_place": ("Компьютер советует ставить отряд строем: вперёд, ближе к врагу, — бойцов с самыми сильными "
                         "ударами и самых живучих, за ними — тех, кто действует издалека, в последние клетки — артефакты и "
                         "карты, которые после вскрытия уйдут с поля. Эта карта встаёт на своё место в этом строю.",
                         "The computer suggests placing the squad in formation: in front, nearest the enemy, the fighters "
                         "with the strongest blows and the most lives; behind them the cards that act from afar; in "
                         "the last cells the artifacts and the cards that leave the field after the reveal. This "
                         "card goes to its place in that formation."),
    "hint_only": ("Другого хода сейчас нет.", "There is no other move now."),
    "hint_second": ("Второй по силе ход — {what}: около {win}.", "The second-best move: {what}, about {win}."),
    "bot_wait": ("Сейчас ходит компьютер — подождите, пожалуйста (или нажмите «Отменить»).",
                 "The computer is moving — please wait (or press Cancel)."),
    "bot_thinking": ("Компьютер думает… {p}", "The computer is thinking… {p}"),
    "hint_thinking": ("Ищу лучший ход… {p}", "Looking for the best move… {p}"),
    "review_thinking": ("Компьютер разбирает партию… {p}", "The computer is reviewing the game… {p}"),
    "cancel_search": ("Отменить", "Cancel"),
    "bot_resume": ("▶ Пусть компьютер ходит", "▶ Let the computer move"),
    "bot_cancelled": ("Остановлено. Позиция не изменилась.", "Stopped. The position has not changed."),
    "bot_did": ("{who} (компьютер): {what}", "{who} (computer): {what}"),
    "bot_secret": ("{kind} (какую карту — вам не видно)", "{kind} (the card is hidden from you)"),
    "log_hidden": ("(ход компьютера скрытой картой)", "(the computer's move with a hidden card)"),
    "bot_failed": ("Компьютер не смог выбрать ход: {why}", "The computer could not choose a move: {why}"),
    "your_turn": ("Ваш ход.", "Your move."),
    "analyse_button": ("Разобрать ходы с компьютером", "Analyse the moves with the computer"),
    "analyse_tip": ("Компьютер оценит каждый ход: сколько шансов на победу он потерял по сравнению с лучшим.",
                    "The computer rates every move: how much win chance it lost against the best one."),
    "review_moves": ("Ходы партии (нажмите на ход, чтобы увидеть позицию после него)",
                     "The moves (click one to see the position after it)"),
    "review_loss": ("{mark}: −{loss}% шанса на победу; лучше было: {best}",
                    "{mark}: −{loss}% win chance; better was: {best}"),
    "review_summary": ("Разобрано ходов: {n}; неточностей: {i}, ошибок: {m}, грубых ошибок: {b}.",
                       "Moves reviewed: {n}; inaccuracies: {i}, mistakes: {m}, blunders: {b}."),
    "mark_good": ("хороший ход", "a good move"),
    "mark_inaccuracy": ("неточность", "inaccuracy"),
    "mark_mistake": ("ошибка", "mistake"),
    "mark_blunder": ("грубая ошибка", "blunder"),
    "load_record": ("Открыть файл партии…", "Open a game file…"),
    "record_wrong_game": ("Это запись другой игры: {game}.", "This is a record of another game: {game}."),
    "short_berserk": ("короткая партия ({n} ходов)", "short game ({n} turns)"),
    "short_city": ("короткая партия ({n} раунда)", "short game ({n} rounds)"),
    # Berserk
    "deal": ("Раздача: купите карты в отряд", "The deal: buy cards for your squad"),
    "squad": ("Отряд: выберите карту, затем подсвеченную клетку", "Squad: select a card, then a lit cell"),
    "squad_list": ("Отряд", "Squad"),
    "off_board": ("Карты вне поля: выберите карту, затем подсвеченную цель",
                  "Cards off the board: select one, then a lit target"),
    "crystals": ("Осталось у {who}: {gold} и {silver}", "{who} has {gold} and {silver} left"),
    "squad_now": ("Отряд {who}", "{who}'s squad"),
    "squad_empty": ("пока пуст — купите карты из раздачи ниже", "empty so far: buy cards from the deal below"),
    "squad_total": ("потрачено: {n}", "spent: {n}"),
    "left": ("Осталось", "Left"),
    "penalty": ("штраф за стихии: {what} (стихий в отряде: {n}; за каждую сверх первой — 1 золотой)",
                "element penalty: {what} ({n} elements in the squad; 1 gold for each beyond the first)"),
    "no_penalty": ("штрафа за стихии нет", "no element penalty"),
    "cannot_buy": ("нельзя купить", "cannot be bought"),
    "deal_title": ("Раздача: нажмите на карту, чтобы купить её", "The deal: press a card to buy it"),
    "confirm_empty": ("В отряде нет ни одной карты. Закончить набор с пустым отрядом?",
                      "Your squad has no cards. Finish building with an empty squad?"),
    "confirm_yes": ("Да, закончить без карт", "Yes, finish with no cards"),
    "confirm_no": ("Нет, вернуться к раздаче", "No, back to the deal"),
    "cost": ("цена", "cost"),
    "elite": ("элита", "elite"),
    "p_kill": ("Цель погибнет", "Target dies"),
    "p_die": ("Нападающий погибнет", "Attacker dies"),
    "choice_known": ("Кубики брошены, исход известен. Выберите:", "The dice are rolled; the outcome is known. Choose:"),
    "lives_now": ("Сейчас жизней: у нападающего {att}, у цели {tgt}.", "Lives now: the attacker {att}, the target {tgt}."),
    "fight_title": ("Таблица боя", "The fight table"),
    "outcome": ("нанесено / получено", "dealt / taken"),
    "exchange_policy": ("с обменом", "exchange"),
    "safe_policy": ("без обмена", "safe"),
    "no_back": ("цель не отвечает", "the target does not strike back"),
    "with_choice": ("В {p} бросков таблица боя даёт выбор; шансы — если оставлять обмен (без обмена цель погибнет в {safe}).",
                    "{p} of rolls give a choice on the fight table; the odds keep the exchange (taking the other option, the target dies in {safe})."),
    "defender_odds": ("если защитит {name}", "if {name} defends"),
    "no_defender": ("без защитника", "no defender"),
    # City
    "players": ("Игроков", "Players"),
    "map": ("Карта", "Map"),
    "seed": ("Зерно", "Seed"),
    "new_game": ("Новая партия", "New game"),
    "game_number": ("номер партии", "game number"),
    "game_number_hint": ("тот же номер — те же карты и кубики", "the same number deals the same cards and dice"),
    "start_game": ("Начать", "Start"),
    "random_game": ("Случайная партия", "Random game"),
    "mode_classic": ("классика", "classic"),
    "mode_heroes": ("герои", "heroes"),
    "forces_n": ("Сил", "Forces"),
    "confirm": ("Подтвердить", "Confirm"),
    "cancel": ("Отмена", "Cancel"),
    "how_many": ("Сколько сил: {what}", "How many forces: {what}"),
    "reinforce_here": ("Усилить район {d}", "Reinforce district {d}"),
    "influence": ("Влияние", "Influence"),
    "event": ("Событие", "Event"),
    "no_event": ("Событий ещё не было", "No event yet"),
    "phase": ("Фаза", "Phase"),
    "round": ("раунд", "round"),
    "attack_odds": ("Атака из района {src} на район {dst}: у атакующего {n}, у защитника {d}",
                    "Attack from district {src} on district {dst}: attacker {n}, defender {d}"),
    "capture_p": ("Район захвачен", "District captured"),
    "hold_p": ("Защита устояла", "Defence holds"),
    "wipe_p": ("Погибнут все", "Both wiped out"),
    "expected": ("В среднем останется сил: у атакующего {a}, у защитника {d}.",
                 "On average forces left: attacker {a}, defender {d}."),
    "district": ("район {d}", "district {d}"),
    "attack_rolls": ("атака", "attack"),
    "defence_rolls": ("защита", "defence"),
}

# How to play, a fold of the hot-seat apps (HTML, one language at a time)
HOW_TO_PLAY: dict[str, tuple[str, str]] = {
    "berserk": (
        "<p>Вся партия — от набора отряда до победы, вдвоём за одним экраном. Доска повёрнута к тому, "
        "чей сейчас ход (переключатель «Вид с места» под доской закрепляет её).</p>"
        "<ul><li>Нажмите на свою карту — подсветятся её ходы (зелёные клетки с точкой) и цели (красная рамка с ✕); "
        "нажмите на подсвеченное, чтобы сделать ход.</li>"
        "<li>Наведите указатель на любую карту — справа появится её полный текст: цена, жизни, удар, способности.</li>"
        "<li>Выбор без доски (кто ходит первым, покупка, защитник, исход по таблице боя, конец хода) — кнопками справа.</li>"
        "<li>Если щелчок не по правилам, справа написано почему и номер правила.</li>"
        "<li>Без мыши: раздел «Все допустимые действия» ниже.</li></ul>",
        "<p>A whole game, from building the squads to victory, for two players at one screen. The board is "
        "turned to the player whose turn it is (the “Board seen by” switch under the board fixes it).</p>"
        "<ul><li>Click one of your cards: its moves (green cells with a dot) and targets (red frame with ✕) light up; "
        "click a lit one to act.</li>"
        "<li>Point at any card: its full text appears on the right: cost, lives, strike, abilities.</li>"
        "<li>Choices off the board (who goes first, buying, a defender, the fight-table outcome, ending the turn) "
        "are buttons on the right.</li>"
        "<li>A click against the rules is explained on the right, with the rule's number.</li>"
        "<li>Without a mouse: the “All legal actions” section below.</li></ul>"),
    "city": (
        "<p>От 2 до 4 игроков за одним экраном. Районы окрашены цветом владельца и подписаны его буквой; "
        "число в круге — силы, звезда — штаб. Ход: Событие, Доход, Действия (кнопки справа).</p>"
        "<ul><li>Нажмите на свой район, затем на подсвеченный: зелёный — захват или переброска, красный с ✕ — атака.</li>"
        "<li>Число сил выберите ползунком; справа видны точные шансы атаки.</li>"
        "<li>Новая партия — строка под картой: число игроков, карта и номер партии.</li>"
        "<li>Без мыши: раздел «Все допустимые действия» ниже.</li></ul>",
        "<p>2 to 4 players at one screen. Districts show their owner's colour and letter; the number in the circle "
        "is forces, the star a headquarters. A turn is Event, Income, Actions (buttons on the right).</p>"
        "<ul><li>Click your district, then a lit one: green to capture or redeploy, red with ✕ to attack.</li>"
        "<li>Choose the number of forces with the slider; the exact odds of an attack are on the right.</li>"
        "<li>A new game: the row under the map (players, map and game number).</li>"
        "<li>Without a mouse: the “All legal actions” section below.</li></ul>"),
}

# What a kind of action is called on a button. Unknown kinds (new ones added to a kernel later)
# are shown by their notation, so they still work.
KIND_WORDS: dict[str, tuple[str, str]] = {
    # Berserk
    "first": ("Ходить первым", "Go first"),
    "second": ("Ходить вторым", "Go second"),
    "redeal": ("Пересдать", "Re-deal"),
    "buy": ("Купить", "Buy"),
    "done": ("Готово", "Done"),
    "place": ("Положить", "Place"),
    "hide": ("Оставить 3-й ряд закрытым", "Keep row 3 face down"),
    "show": ("Вскрыть всё", "Reveal everything"),
    "attach": ("Положить на", "Attach to"),
    "move": ("Ход", "Move"),
    "strike": ("Удар", "Strike"),
    "defend": ("Защищать", "Defend with"),
    "nodefend": ("Без защитника", "No defender"),
    "exchange": ("Обмен ударами", "Keep the exchange"),
    "safe": ("Без ответного урона", "Take the safe option"),
    "prepare": ("Закрыться для удара по летающему", "Close to strike a flyer"),
    "end": ("Закончить ход", "End the turn"),
    "use": ("Способность", "Ability"),
    "pass": ("Пас: не отвечать", "Pass: no answer"),
    "skip": ("Отказаться от срабатывания", "Skip the trigger"),
    "gather": ("Закрыться и взять фишку", "Close to gather a token"),
    "hire": ("Нанять", "Hire"),
    # Battle for the City
    "pick": ("Выбрать стартовый район", "Pick start district"),
    "draw": ("Взять Событие", "Draw the event"),
    "income": ("Получить доход", "Collect income"),
    "capture": ("Захватить", "Capture"),
    "reinforce": ("Усилить", "Reinforce"),
    "redeploy": ("Перебросить", "Redeploy"),
    "attack": ("Атаковать", "Attack"),
}

# What an action says on a button, a sentence a person would write: {card} the acting card,
# {other} the second card, {cell} a cell, {ability} the ability's words, {targets} its targets,
# (City) {src}, {dst} districts and {forces} a counted number of forces. Kinds not listed fall
# back to `KIND_WORDS` followed by the cards and cells they name.
ACTION_WORDS: dict[str, tuple[str, str]] = {
    "first": ("Ходить первым", "Go first"),
    "second": ("Ходить вторым", "Go second"),
    "redeal": ("Пересдать карты", "Re-deal the cards"),
    "buy": ("Купить {card}", "Buy {card}"),
    "done": ("Готово", "Done"),
    "place": ("Положить {card} на клетку {cell}", "Place {card} on {cell}"),
    "hide": ("Оставить свой 3-й ряд закрытым", "Keep my row 3 face down"),
    "show": ("Вскрыть все карты", "Reveal every card"),
    "attach": ("Прикрепить {card} к существу {other}", "Attach {card} to {other}"),
    "move": ("{card}: ход на клетку {cell}", "{card}: move to {cell}"),
    "strike": ("{card} бьёт {other}", "{card} strikes {other}"),
    "defend": ("Защитить картой {card}", "Defend with {card}"),
    "nodefend": ("Не защищать", "No defender"),
    "exchange": ("Оставить обмен ударами", "Keep the exchange of strikes"),
    "safe": ("Взять исход без ответного удара", "Take the outcome with no strike back"),
    "prepare": ("{card}: закрыться, чтобы ударить летающего", "{card}: close to strike a flyer"),
    "end": ("Закончить ход", "End the turn"),
    "use": ("{ability}{targets}", "{ability}{targets}"),
    "pass": ("Пропустить", "Pass"),
    "skip": ("Не объявлять: {ability}", "Skip: {ability}"),
    "gather": ("{card}: закрыться и взять фишку", "{card}: close and take a token"),
    "hire": ("Нанять {card}", "Hire {card}"),
    "hire_cell": ("Нанять {card} на клетку {cell}", "Hire {card} onto {cell}"),
    "hire_on": ("Нанять {card} на карту {other}", "Hire {card} onto {other}"),
    # Battle for the City
    "city_pick": ("Начать с района {dst}", "Start in district {dst}"),
    "city_draw": ("Взять карту События", "Draw the event card"),
    "city_income": ("Получить доход", "Collect the income"),
    "city_end": ("Закончить ход", "End the turn"),
    "city_capture": ("Захватить район {dst}", "Capture district {dst}"),
    "city_reinforce": ("Усилить район {dst} на {forces}", "Reinforce district {dst} with {forces}"),
    "city_move": ("Ввести {forces} из района {src} в район {dst}", "Bring {forces} from district {src} into district {dst}"),
    "city_redeploy": ("Перебросить {forces} из района {src} в район {dst}", "Redeploy {forces} from district {src} to district {dst}"),
    "city_attack": ("Атаковать район {dst} из района {src} ({forces_nom})", "Attack district {dst} from district {src} with {forces}"),
}

# Headings of the choices a player is asked for (by pending kind or phase); unknown ones fall
# back to a generic heading.
PROMPT_WORDS: dict[str, tuple[str, str]] = {
    "order": ("вы выиграли бросок: ходить первым или вторым?", "you won the roll: go first or second?"),
    "build": ("наберите отряд из раздачи, пересдайте или закончите", "build your squad from the deal, re-deal or finish"),
    "place": ("положите карты отряда рубашкой вверх", "place your squad face down"),
    "reveal": ("вскрыть все карты или оставить свой 3-й ряд закрытым?", "reveal everything or keep your row 3 face down?"),
    "attach": ("положите экипировку и симбиотов на существ", "attach equipment and symbiotes to creatures"),
    "battle": ("ходите, бейте или закончите ход", "move, strike or end the turn"),
    "pending:defend": ("назначьте защитника (подсвечены) или откажитесь", "assign a defender (lit) or decline"),
    "pending:choice": ("выберите исход по таблице боя", "choose the fight-table outcome"),
    "pending:attach": ("положите вскрытую экипировку или симбиота на существо", "attach the revealed equipment or symbiote"),
    "triggers": ("объявите сработавшие способности (или откажитесь)", "declare the triggered abilities (or skip them)"),
    "queue": ("ответьте способностью на стек или спасуйте", "answer the queue with an ability or pass"),
    "pick": ("выберите стартовый район (подсвечены)", "pick a start district (lit)"),
    "event": ("возьмите карту События", "draw the event card"),
    "income": ("получите доход", "collect your income"),
    "actions": ("захват, усиление, переброска, атака — или конец хода", "capture, reinforce, redeploy, attack — or end the turn"),
    "generic": ("сделайте выбор", "make your choice"),
}


def w(key: str, lang: str = DEFAULT_LANG, **kw) -> str:
    """The interface word `key` in `lang`, formatted with `kw`."""
    pair = WORDS.get(key) or KIND_WORDS.get(key) or PROMPT_WORDS.get(key) or (key, key)
    text = pair[1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def kind_word(kind: str, lang: str = DEFAULT_LANG) -> str:
    pair = KIND_WORDS.get(kind)
    return pair[1 if lang == "en" else 0] if pair else kind


def how_to_play(game: str, lang: str = DEFAULT_LANG) -> str:
    return HOW_TO_PLAY[game][1 if lang == "en" else 0]


def action_words(kind: str, lang: str = DEFAULT_LANG) -> str | None:
    """The sentence template of an action kind (None when the kind has none)."""
    pair = ACTION_WORDS.get(kind)
    return pair[1 if lang == "en" else 0] if pair else None


def prompt_word(stage: str, lang: str = DEFAULT_LANG) -> str:
    pair = PROMPT_WORDS.get(stage) or PROMPT_WORDS["generic"]
    return pair[1 if lang == "en" else 0]


def normal_lang(lang) -> str:
    return lang if lang in LANGS else DEFAULT_LANG


def lang_from_query(query: str | None) -> str | None:
    """``"lang=en&x=1"`` -> ``"en"``; None when the query names no known language."""
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get("lang")
    if values and values[-1] in LANGS:
        return values[-1]
    return None


def page_lang(default: str = DEFAULT_LANG) -> str:
    """The language asked for by the page (``?lang=en`` in Voilà), else `default`."""
    _wait_for_voila_request()
    return lang_from_query(os.environ.get("QUERY_STRING")) or normal_lang(default)


_REQUEST_SEEN = False


def _wait_for_voila_request() -> None:
    """A preheated Voilà kernel (widgets/server.py --preheat) runs the notebook before anyone asks
    for the page; the query string arrives with the request. Wait for it once, here, so that the
    imports above are already done when the class arrives. No-op everywhere else."""
    global _REQUEST_SEEN
    if _REQUEST_SEEN or os.environ.get("VOILA_PREHEAT") != "True":
        return
    _REQUEST_SEEN = True
    from voila.utils import wait_for_request  # Voilà exists only in a preheated Voilà kernel

    wait_for_request()
