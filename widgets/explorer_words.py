"""The scenario explorer's own words in Russian and English (the shared ones come from
`widgets.i18n`), and the small helpers that turn the kernel's refusals into the explorer's lines."""
from __future__ import annotations

import re
from dataclasses import dataclass

from berserk_kernel.berserk import BerserkState
from berserk_kernel.city import CityState

from .i18n import w

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Берсерк — конструктор позиций", "Berserk — scenario explorer"),
    "howto_title": ("Как пользоваться конструктором", "How to use the explorer"),
    "howto": (
        "Соберите позицию из демо-карт и разыграйте её. Выберите карту в списке «Карта» (есть поиск "
        "по имени) и её владельца (A или B), затем нажмите на свободную клетку поля — или выберите "
        "клетку в списке «Куда» и нажмите «Поставить». Летающие существа и местность ложатся во "
        "вспомогательную зону владельца, экипировка и симбиоты — на существо того же владельца.\n"
        "Нажмите на поставленную карту, чтобы выбрать её: можно поменять раны, фишки, яд, закрыть её, "
        "перевернуть рубашкой вверх или убрать. Кубики можно подкрутить: например, белый 5 и чёрный 2 "
        "для следующего удара.\n"
        "«Играть эту позицию» превращает её в настоящую партию с отменой ходов, «Вернуться к "
        "редактированию» — обратно в редактор. Каждую правку проверяет ядро: если позиция невозможна "
        "(например, раны убили бы карту), вы увидите, какое поле неверно, а позиция не изменится.\n"
        "Позицию можно сохранить в файл сценария и загрузить обратно; готовые примеры — в списке «Пример». "
        "«Скопировать ссылку» даёт адрес этой страницы с позицией: кто откроет ссылку, увидит ту же позицию.\n"
        "Раздел «Любой момент партии» задаёт всё остальное: карты в колоде, руке, раздаче и на кладбище, фазу, "
        "героев и монеты, решение, которого ждёт игра (выбор защитника, строка таблицы боя), очередь умений и "
        "одновременные срабатывания. В разделе «Своя карта» можно придумать карту и поставить её. Кнопка "
        "«Битва за Город» вверху открывает такой же конструктор для Города.",
        "Build a position from the demo cards and play it out. Pick a card in the Card list (you can "
        "search by name) and its owner (A or B), then click a free cell, or pick a cell in the Where "
        "list and press Place. Flyers and terrain go to the owner's auxiliary zone, equipment and "
        "symbiotes onto a creature of the same owner.\n"
        "Click a placed card to select it: you can change its wounds, tokens and poison, close it, "
        "turn it face down or remove it. You can force the dice, say white 5 and black 2 for the next "
        "strike.\n"
        "\"Play this position\" turns it into a real game with undo; \"Back to editing\" returns to "
        "the editor. The kernel checks every edit: an impossible position (say, wounds that would kill "
        "a card) names the wrong field and leaves the position as it was.\n"
        "Save the position as a scenario file and load it back; ready examples are in the Example list. "
        "\"Copy link\" gives this page's address with the position: whoever opens the link sees the same position.\n"
        "The fold \"Any moment of the game\" sets everything else: cards in the deck, hand, deal and graveyard, the "
        "phase, heroes and coins, a decision the game waits for (a defender to choose, a fight-table row), the queue "
        "of abilities and simultaneous triggers. In \"Your own card\" you can make up a card and place it. The "
        "\"Battle for the City\" button at the top opens the same explorer for the City."),
    "status_edit": ("Редактор позиции · ход {turn} · решает {who} · карт в игре: {n}",
                    "Editing the position · turn {turn} · {who} to decide · cards in play: {n}"),
    "status_play": ("Игра из позиции: {status}", "Playing the position: {status}"),
    "play": ("▶ Играть эту позицию", "▶ Play this position"),
    "edit": ("✎ Вернуться к редактированию", "✎ Back to editing"),
    "place_title": ("Поставить карту", "Place a card"),
    "search": ("Поиск", "Search"),
    "search_hint": ("имя или id карты", "card name or id"),
    "card": ("Карта", "Card"),
    "no_card": ("— нет (щелчок выбирает карту) —", "— none (a click selects a card) —"),
    "owner": ("Владелец", "Owner"),
    "where": ("Куда", "Where"),
    "place": ("Поставить", "Place"),
    "aux_of": ("доп. зона {who}", "{who}'s aux zone"),
    "on_card": ("на #{uid} «{name}» ({who})", "on #{uid} {name} ({who})"),
    "free": ("свободна", "free"),
    "selected_title": ("Выбранная карта", "Selected card"),
    "no_selection": ("— нет —", "— none —"),
    "wounds": ("Раны", "Wounds"),
    "tokens": ("Фишки", "Tokens"),
    "poison": ("Яд", "Poison"),
    "moves": ("Движение", "Moves left"),
    "closed": ("закрыта (повёрнута)", "closed (turned)"),
    "face_down": ("рубашкой вверх", "face down"),
    "move_to": ("Переставить на", "Move to"),
    "move": ("Переставить", "Move"),
    "remove": ("Убрать карту", "Remove the card"),
    "turn_title": ("Чей ход", "Whose turn"),
    "turn_no": ("Ход №", "Turn no."),
    "undo_edit": ("↶ Отменить правку", "↶ Undo edit"),
    "redo_edit": ("↷ Вернуть правку", "↷ Redo edit"),
    "dice_title": ("Подкрутить кубики", "Force the dice"),
    "white": ("Белый", "White"),
    "black": ("Чёрный", "Black"),
    "no_die": ("—", "—"),
    "add_roll": ("Добавить бросок", "Add the roll"),
    "clear_dice": ("Очистить", "Clear"),
    "dice_queue": ("Следующие броски: {faces}", "Next rolls: {faces}"),
    "dice_none": ("Следующие броски: случайные (очередь пуста)", "Next rolls: random (the queue is empty)"),
    "dice_note": ("В простом ударе сначала бросают белый кубик (нападающий), затем чёрный (цель, если она бросает).",
                  "A simple strike rolls the white die (attacker) first, then the black one (the target, if it rolls)."),
    "files_title": ("Файлы сценариев", "Scenario files"),
    "examples": ("Пример", "Example"),
    "load_example": ("Открыть пример", "Open the example"),
    "save": ("Сохранить позицию", "Save the position"),
    "download": ("⬇ Скачать {name}", "⬇ Download {name}"),
    "paste": ("Вставьте сюда JSON сценария…", "Paste a scenario's JSON here…"),
    "load_text": ("Загрузить из текста", "Load from the text"),
    "upload": ("Открыть файл…", "Open file…"),
    "no_examples": ("(примеров не найдено)", "(no examples found)"),
    # any moment: zones off the board, the frame, the decision, the queue, the triggers
    "zone_deck": ("колода", "deck"), "zone_deal": ("раздача", "deal"), "zone_squad": ("отряд", "squad"),
    "zone_hand": ("рука", "hand"), "zone_graveyard": ("кладбище", "graveyard"), "zone_removed": ("вне игры", "removed"),
    "zone_field": ("поле", "field"), "zone_aux": ("доп. зона", "aux zone"), "zone_attached": ("на существе", "attached"),
    "bad_zone": ("Нет такой зоны вне поля: {zone}.", "No such off-board zone: {zone}."),
    "not_a_hero": ("«{card}» — не карта героя.", "{card} is not a hero card."),
    "no_card_uid": ("Карты #{uid} нет в позиции.", "There is no card #{uid} in the position."),
    "added_to_zone": ("Карта #{uid} «{name}» ({who}) добавлена: {zone}.", "Added #{uid} {name} ({who}): {zone}."),
    "moved_to_zone": ("Карта #{uid} «{name}» ({who}) перенесена: {zone}.", "Moved #{uid} {name} ({who}): {zone}."),
    "to_top": ("Карта #{uid} «{name}» теперь первая: {zone}.", "#{uid} {name} is now first: {zone}."),
    "dropped": ("Карта #{uid} «{name}» убрана из позиции.", "#{uid} {name} is taken out of the position."),
    "phase_set": ("Фаза: {phase}.", "Phase: {phase}."),
    "mode_set": ("Режим: {mode}.", "Mode: {mode}."),
    "player_set": ("{who}: {what} = {value}.", "{who}: {what} = {value}."),
    "pending_cleared": ("Решение снято: ждать нечего.", "The decision is cleared: nothing waits."),
    "pending_set": ("Ждёт решения ({kind}): {who}.", "A decision waits ({kind}): {who}."),
    "queued": ("В очередь добавлено: #{uid} {ability}.", "Queued: #{uid} {ability}."),
    "used_set": ("#{uid}: {ability} — использований в этот ход: {n}.", "#{uid}: {ability} — uses this turn: {n}."),
    "fired_added": ("Сработавшее умение добавлено: #{uid} {ability}.", "Triggered ability added: #{uid} {ability}."),
    "no_entry": ("Нет записи №{n}.", "There is no entry no. {n}."),
    "entry_removed": ("Убрана запись №{n} ({field}).", "Entry no. {n} removed ({field})."),
    "field_set": ("Поле «{field}» изменено.", "Field {field} changed."),
    "pending_defend_line": ("Ждёт решения: {who} выбирает защитника от удара #{attacker} по #{target} (BR-10.3).",
                            "A decision waits: {who} chooses a defender against #{attacker}'s strike at #{target} (BR-10.3)."),
    "pending_choice_line": ("Ждёт решения: {who} выбирает строку таблицы боя при бросках {white}/{black} (удар #{attacker} по #{target}).",
                            "A decision waits: {who} picks a fight-table row for the rolls {white}/{black} (#{attacker} strikes #{target})."),
    "queue_line": ("Очередь {n}: #{uid} «{name}» — {ability} → {targets} (объявил {who})",
                   "Queue {n}: #{uid} {name} — {ability} → {targets} (declared by {who})"),
    "fired_line": ("Сработало {n}: #{uid} «{name}» — {ability} ({who}, точки: {points})",
                   "Triggered {n}: #{uid} {name} — {ability} ({who}, points: {points})"),
    # Battle for the City
    "city_status": ("Город: фаза {phase} · раунд {round} · ходит {who}", "City: phase {phase} · round {round} · {who} to move"),
    "city_turn": ("Ход", "Turn"),
    "city_district_set": ("Район {d}: владелец {owner}, силы {forces}.", "District {d}: owner {owner}, forces {forces}."),
    "city_influence_set": ("{who}: влияние {n}.", "{who}: influence {n}."),
    "city_hq_set": ("{who}: штаб в районе {d}.", "{who}: headquarters in district {d}."),
    "city_round_set": ("Раунд {n}.", "Round {n}."),
    "city_current_set": ("Ходит {who}.", "{who} to move."),
    "city_deck_set": ("Колода Событий ({field}): карт {n}.", "Event cards ({field}): {n}."),
    "city_loaded": ("Загружено: {source} — районов с владельцем: {n}.", "Loaded {source}: {n} district(s) held."),
    # the fold «any moment» of the page
    "moment_title": ("Любой момент партии: колоды, руки, фаза, решение, очередь",
                     "Any moment of the game: decks, hands, phase, decision, queue"),
    "moment_zones": ("Карты по зонам: колода, рука, кладбище, поле", "Cards by zone: deck, hand, graveyard, board"),
    "moment_zones_hint": ("Карта из списка «Карта» (вверху) добавляется в выбранную зону владельца. Выберите карту ниже, чтобы "
                          "перенести её в зону, сделать первой (верх колоды) или убрать.",
                          "The card chosen in the Card list (above) goes into the owner's chosen zone. Pick a card below to "
                          "move it to the zone, make it first (the top of a deck) or take it out."),
    "moment_frame": ("Фаза, герои, кристаллы и монеты", "Phase, heroes, crystals and coins"),
    "moment_pending": ("Решение, которого ждёт игра", "A decision the game waits for"),
    "moment_queue": ("Очередь умений и одновременные срабатывания", "The queue of abilities and simultaneous triggers"),
    "moment_field": ("Любое поле сценария (JSON)", "Any field of the scenario (JSON)"),
    "zone": ("Зона", "Zone"),
    "zone_add": ("Добавить карту в зону", "Add the card to the zone"),
    "zone_move": ("Перенести в зону", "Move to the zone"),
    "zone_top": ("Сделать первой", "Make it first"),
    "zone_drop": ("Убрать из позиции", "Take it out"),
    "phase": ("Фаза", "Phase"),
    "no_hero": ("— без героя —", "— no hero —"),
    "hero_of": ("Герой {who}", "{who}'s hero"),
    "set_heroes": ("Игра с героями", "Play with heroes"),
    "player_gold": ("золото", "gold"), "player_silver": ("серебро", "silver"), "player_coins": ("монеты", "coins"),
    "player_coins_open": ("открытые монеты", "open coins"), "player_redeals": ("пересдачи", "redeals"),
    "mode_classic": ("обычная игра", "a classic game"), "mode_heroes": ("игра с героями", "a Heroes game"),
    "entries_queue": ("очередь", "queue"), "entries_fired": ("одновременные срабатывания", "simultaneous triggers"),
    "counter_bought": ("куплено сил", "forces bought"), "counter_attacks": ("атак сделано", "attacks made"),
    "counter_attack_limit": ("атак можно", "attacks allowed"), "counter_attack_hit": ("попадание атаки от", "attack hits from"),
    "counter_defence_hit": ("попадание защиты от", "defence hits from"), "counter_capture_cost": ("цена захвата", "capture cost"),
    "counter_income_bonus": ("прибавка к доходу", "income bonus"),
    "set_value": ("Задать", "Set"),
    "player_numbers": ("Ресурсы игрока", "Player's resources"),
    "pending": ("Решение", "Decision"),
    "pending_none": ("— нет —", "— none —"),
    "pending_defend": ("выбор защитника", "choose a defender"),
    "pending_choice": ("выбор по таблице боя", "fight-table choice"),
    "pending_attacker": ("Кто бьёт", "Attacker"),
    "pending_target": ("Кого бьют", "Target"),
    "set_pending": ("Задать решение", "Set the decision"),
    "entry_card": ("Карта", "Card"),
    "entry_ability": ("Умение", "Ability"),
    "entry_targets": ("Цели", "Targets"),
    "entry_points": ("Точки срабатывания", "Trigger points"),
    "pending_seat": ("Кто решает", "Who decides"),
    "add_queue": ("В очередь", "Queue it"),
    "add_fired": ("Сработало одновременно", "Triggered at once"),
    "no_abilities": ("— у карты нет умений —", "— the card has no abilities —"),
    "no_entries": ("Очередь пуста, одновременных срабатываний нет.", "The queue is empty; nothing triggered at once."),
    "queue_n": ("очередь №{n}", "queue no. {n}"),
    "fired_n": ("сработавшее №{n}", "triggered no. {n}"),
    "remove_entry": ("Убрать запись", "Remove the entry"),
    "any_field": ("Поле", "Field"),
    "apply_field": ("Применить поле", "Apply the field"),
    "own_added": ("Своя карта «{name}» добавлена в список «Карта»: выберите владельца и поставьте её.",
                  "Your card {name} is in the Card list now: pick its owner and place it."),
    "own_title": ("Своя карта: придумать и поставить", "Your own card: make it and place it"),
    "outcomes_title": ("Все исходы решения на доске", "Every outcome of the decision on the board"),
    "link_source": ("ссылка <link>", "the link <link>"),
    "loaded_link": ("Позиция открыта по ссылке — карт в игре: {n}.", "The position from the link is open: {n} card(s) in play."),
    "city_loaded_link": ("Позиция открыта по ссылке — районов с владельцем: {n}.",
                         "The position from the link is open: {n} district(s) held."),
    "link_note": ("Ссылка откроет эту позицию у того, кому вы её отправите (на языке этой страницы).",
                  "The link opens this position for whoever you send it to (in this page's language)."),
    # the page for Battle for the City
    "game_berserk": ("Берсерк", "Berserk"),
    "game_city": ("Битва за Город", "Battle for the City"),
    "explorer_title_city": ("Битва за Город — конструктор позиций", "Battle for the City — scenario explorer"),
    "city_board": ("Позиция на доске", "The position on the board"),
    "city_intro": ("Нажимайте на районы, чтобы играть дальше, или меняйте позицию полями ниже: каждое изменение проверяет ядро.",
                   "Click the districts to play on, or change the position with the fields below: the kernel checks every change."),
    "city_map_title": ("Районы, влияние и штабы", "Districts, influence and headquarters"),
    "city_frame_title": ("Фаза, раунд, чей ход, счётчики хода, кубики", "Phase, round, whose move, turn counters, dice"),
    "city_deck_title": ("Колода Событий и сброс", "The event deck and the discard pile"),
    "city_deck_hint": ("Через запятую, первая карта — верхняя. Есть: {events}.", "Comma-separated, the first card on top. Known: {events}."),
    "city_district": ("Район", "District"),
    "city_free": ("— свободен —", "— free —"),
    "city_forces": ("Силы", "Forces"),
    "city_player": ("Игрок", "Player"),
    "city_hq": ("Штаб", "HQ"),
    "city_set_hq": ("Задать штаб", "Set the HQ"),
    "city_round": ("Раунд", "Round"),
    "city_current": ("Ходит", "To move"),
    "city_dice": ("Кубики (1–10)", "Dice (1–10)"),
    "city_deck": ("колода Событий: quiet-day, truce, …", "event deck: quiet-day, truce, …"),
    "city_discard": ("сброс: second-front, …", "discard pile: second-front, …"),
    "city_set_deck": ("Задать колоду и сброс", "Set the deck and the discard pile"),
    # messages
    "placed_cell": ("Карта #{uid} «{name}» ({who}) поставлена на {cell}.", "Placed #{uid} {name} ({who}) on {cell}."),
    "placed_aux": ("Карта #{uid} «{name}» ({who}) — летающее существо или местность — положена во вспомогательную зону (CR-203.1).",
                   "#{uid} {name} ({who}) is a flyer or terrain: it goes to the auxiliary zone (CR-203.1)."),
    "placed_on": ("Карта #{uid} «{name}» положена на #{host} «{host_name}».", "#{uid} {name} is put on #{host} {host_name}."),
    "need_cell": ("«{name}» ставится на клетку поля: выберите клетку.", "{name} stands on a cell of the field: pick a cell."),
    "need_host": ("«{name}» кладётся на существо: нажмите на существо владельца {who} (подсвечены подходящие).",
                  "{name} goes onto a creature: click a creature of {who} (the fitting ones are lit)."),
    "not_on_card": ("На существо кладут только экипировку и симбиотов (BR-6), «{name}» — нет.",
                    "Only equipment and symbiotes go onto a creature (BR-6); {name} does not."),
    "hero_card": ("Карты героев — для режима «Герои», в конструкторе их нет.",
                  "Hero cards belong to the Heroes mode; the explorer does not place them."),
    "unknown_card": ("Нет такой карты: {card}.", "No such card: {card}."),
    "pick_card": ("Сначала выберите карту в списке «Карта».", "Pick a card in the Card list first."),
    "selected": ("Выбрана карта #{uid} «{name}».", "Selected #{uid} {name}."),
    "deselected": ("Выбор снят.", "Selection cleared."),
    "set_flag": ("#{uid} «{name}»: {what} = {value}.", "#{uid} {name}: {what} = {value}."),
    "moved": ("Карта #{uid} «{name}» переставлена на {cell}.", "#{uid} {name} moved to {cell}."),
    "not_on_field": ("Переставлять по клеткам можно только карты на поле.", "Only cards on the field move between cells."),
    "removed": ("Убрана карта #{uid} «{name}»{riders}.", "Removed #{uid} {name}{riders}."),
    "riders": (" вместе с картами на ней: {list}", " with the cards on it: {list}"),
    "no_such": ("Карты #{uid} нет в игре.", "There is no card #{uid} in play."),
    "turn_set": ("Ход {turn}, решает {who}.", "Turn {turn}, {who} to decide."),
    "dice_added": ("В очередь кубиков добавлено: {faces}.", "Queued dice: {faces}."),
    "dice_cleared": ("Очередь кубиков очищена: броски снова случайные.", "The dice queue is empty: rolls are random again."),
    "bad_die": ("Грань кубика — число от 1 до 6, а не {value!r}.", "A die face is a number 1 to 6, not {value!r}."),
    "bad_number": ("{what}: нужно целое число, а не {value!r}.", "{what}: a whole number is needed, not {value!r}."),
    "edit_refused": ("Правка отклонена, позиция не изменилась", "Edit refused, the position is unchanged"),
    "load_refused": ("Не загружено ({source}), текущая позиция сохранена", "Not loaded ({source}); the current position is kept"),
    "field": ("поле данных {field}", "field {field}"),
    "pasted": ("вставленный текст", "the pasted text"),
    "loaded": ("Загружено: {source} — карт в игре: {n}.", "Loaded {source}: {n} card(s) in play."),
    "saved": ("Позиция сохранена: текст ниже, файл — по ссылке «Скачать».",
              "The position is saved: the text below, the file behind the Download link."),
    "not_utf8": ("файл не в кодировке UTF-8", "the file is not UTF-8 text"),
    "too_big": ("файл больше {n} байт", "the file is larger than {n} bytes"),
    "too_big_text": ("текст длиннее {n} знаков", "the text is longer than {n} characters"),
    "empty_text": ("текст пуст: вставьте JSON сценария", "the text is empty: paste a scenario's JSON"),
    "is_record": ("это запись партии, а не сценарий", "this is a game record, not a scenario"),
    "unexpected": ("непредвиденная ошибка ядра ({kind}): {text}", "unexpected kernel failure ({kind}): {text}"),
    "other_game": ("это позиция другой игры ({game})", "this is a position of another game ({game})"),
    "no_example": ("Нет такого примера: {name}.", "No such example: {name}."),
    "playing": ("Позиция стала партией: ходите, бейте, отменяйте ходы. «Вернуться к редактированию» продолжит правку с текущей позиции.",
                "The position is now a game: move, strike, undo. \"Back to editing\" edits the position as it then is."),
    "editing": ("Снова редактор: позиция взята из партии (журнал партии не сохраняется в позиции).",
                "Editing again: the position comes from the game (the game's log is not kept in the position)."),
    "in_play_mode": ("Сейчас идёт игра: сначала «Вернуться к редактированию».", "A game is on: press \"Back to editing\" first."),
    "undone_edit": ("Правка отменена.", "Edit undone."),
    "redone_edit": ("Правка возвращена.", "Edit redone."),
    "nothing": ("Нечего отменять.", "Nothing to undo."),
    # hints
    "hint_place_cell": ("Ставим «{name}» ({who}): нажмите на свободную клетку или выберите клетку в списке «Куда» и нажмите «Поставить».",
                        "Placing {name} ({who}): click a free cell, or pick one in the Where list and press Place."),
    "hint_place_aux": ("«{name}» ({who}) ляжет во вспомогательную зону: нажмите на любую свободную клетку или «Поставить».",
                       "{name} ({who}) goes to the auxiliary zone: click any free cell or press Place."),
    "hint_place_on": ("«{name}» ({who}) кладётся на существо: нажмите на своё существо (подсвечены: {hosts}).",
                      "{name} ({who}) goes onto a creature: click one of {who}'s creatures (lit: {hosts})."),
    "hint_no_hosts": ("нет подходящих", "none fits"),
    "hint_select": ("Нажмите на карту, чтобы выбрать и править её; выберите карту в списке «Карта», чтобы ставить новые.",
                    "Click a card to select and edit it; pick a card in the Card list to place new ones."),
    "hint_move": ("Нажмите на свободную клетку, чтобы переставить выбранную карту.", "Click a free cell to move the selected card there."),
    "hint_selected": ("Выбрана карта #{uid} «{name}» ({where}).", "Selected: #{uid} {name} ({where})."),
}

KIND_NAMES = {
    "ground": ("существо", "creature"), "flyer": ("летающее существо", "flyer"), "symbiote": ("симбиот", "symbiote"),
    "artifact": ("артефакт", "artifact"), "terrain": ("местность", "terrain"), "equipment": ("экипировка", "equipment"),
    "hero": ("герой", "hero"),
}
EQUIPMENT_NAMES = {"weapon": ("оружие", "weapon"), "armour": ("броня", "armour"), "boots": ("обувь", "boots"),
                   "shield": ("щит", "shield"), "potion": ("зелье", "potion")}
ZONE_NAMES = {"field": ("поле", "field"), "aux": ("доп. зона", "aux zone"), "attached": ("на существе", "attached"),
              "deck": ("колода", "deck"), "graveyard": ("кладбище", "graveyard")}

# fastjsonschema speaks English only; the usual phrases in Russian
_SCHEMA_RU = [
    (r"value must be bigger than or equal to (\S+)", r"значение должно быть не меньше \1"),
    (r"value must be smaller than or equal to (\S+)", r"значение должно быть не больше \1"),
    (r"value must be bigger than (\S+)", r"значение должно быть больше \1"),
    (r"value must be smaller than (\S+)", r"значение должно быть меньше \1"),
    (r"value must be one of (.*)", r"значение должно быть одним из: \1"),
    (r"value must be (integer|number)", r"значение должно быть целым числом"),
    (r"value must be string", r"значение должно быть строкой"),
    (r"value must be boolean", r"значение должно быть true или false"),
    (r"value must be object", r"значение должно быть объектом JSON"),
    (r"value must be array", r"значение должно быть списком JSON"),
    (r"value must be (.*)", r"значение должно быть: \1"),
    (r"value must contain (.*) properties", r"не хватает обязательных полей: \1"),
    (r"value must not contain (.*) properties", r"лишние поля: \1"),
]


def t(key: str, lang: str = "ru", **kw) -> str:
    """The explorer's word `key` (else the shared `widgets.i18n.w` word) in `lang`."""
    pair = WORDS.get(key)
    if pair is None:
        return w(key, lang, **kw)
    text = pair[1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def pair(key: str, **kw) -> tuple[str, str]:
    return t(key, "ru", **kw), t(key, "en", **kw)


def ru_schema(text: str) -> str:
    for pattern, repl in _SCHEMA_RU:
        new, n = re.subn(pattern, repl, text)
        if n:
            return new
    return text



@dataclass(frozen=True)
class AtPhase:
    """A game seen only by its phase: the kernel's own `phase_name(lang)` reads nothing else, so
    the explorer names a phase of its drop-down list (no game at that phase yet) by it."""

    phase: str


PHASE_OF = {"phase": BerserkState, "city_phase": CityState}


def value_name(group: str, value, lang: str) -> str:
    """A value of the position in words: a phase (the kernel's own phase names), a mode, a pending
    kind, a player's number, a turn counter of the City, an entry list; an unknown one as it is."""
    game = PHASE_OF.get(group)
    if game is not None:
        try:
            return game.phase_name(AtPhase(value), lang)
        except (KeyError, TypeError):
            return str(value)
    key = f"{group}_{value}"
    return t(key, lang) if key in WORDS else str(value)


def src_name(source: str, lang: str) -> str:
    """A source name for a message: the pasted text and a link are named in words."""
    if source == "<link>":
        return t("link_source", lang)
    return t("pasted", lang) if source in ("<text>", "<paste>") else source


def rule_in(text: str) -> str:
    """The rule id a kernel text cites in brackets, e.g. "(BR-15)" -> "BR-15"."""
    m = re.search(r"\(((?:BR|CR|HR|R)-[A-Za-z0-9.\-]+)\)", text or "")
    return m.group(1) if m else ""
