"""A card's full text in words, in Russian or English: what a player reads when pointing at a card.

    card_lines(defs["gorge_warden"], "en")
    # ['Creature · ground', 'Cost 4 · Mountains · class: warrior', '5 lives · strike 1-2-3 · move 1',
    #  'Armour 1: every attack deals it 1 wound less (always on; reduces attacks by 1)']
    card_html(state, 5, "ru")      # the card panel of the apps (a card in play: wounds, tokens)

Everything comes from the card data (`CardDef`, `AbilityDef` of berserk/abilities.py); the words
for the data's vocabulary are in the tables below, numbers agree through `core.words` (Babel).
"""
from __future__ import annotations

from html import escape

from berserk_kernel.berserk.cards import ELEMENT_NAMES
from berserk_kernel.berserk.lasting import effect_words, until_words
from berserk_kernel.core.i18n import T
from berserk_kernel.core.words import count, plural

TYPE_WORDS = {
    "creature": ("Существо", "Creature"), "terrain": ("Местность", "Terrain"),
    "artifact": ("Артефакт", "Artifact"), "equipment": ("Экипировка", "Equipment"), "hero": ("Герой", "Hero"),
}
# «элитное существо», «элитный артефакт», «элитная местность»: the word agrees with the type
ELITE_WORDS = {"creature": ("элитное", "elite"), "artifact": ("элитный", "elite"), "hero": ("элитный", "elite")}
KIND_WORDS = {"ground": ("наземное", "ground"), "flyer": ("летающее", "flyer"), "symbiote": ("симбиот", "symbiote")}
EQUIPMENT_WORDS = {"weapon": ("оружие", "weapon"), "armour": ("доспех", "armour"), "boots": ("обувь", "boots"),
                   "shield": ("щит", "shield"), "potion": ("зелье", "potion")}
CLASS_WORDS = {"archer": ("стрелок", "archer"), "beast": ("зверь", "beast"), "knight": ("рыцарь", "knight"),
               "mage": ("маг", "mage"), "priest": ("жрец", "priest"), "rogue": ("разбойник", "rogue"),
               "undead": ("нежить", "undead"), "warrior": ("воин", "warrior")}
ABILITY_KIND = {"shot": ("выстрел", "shot"), "discharge": ("разряд", "discharge"), "throw": ("метание", "throw"),
                "row_strike": ("удар через ряд", "strike across a row"),
                "directed_strike": ("направленный удар", "directed strike"),
                "spell": ("заклинание", "spell"), "effect": ("воздействие", "effect"),
                "constant": ("свойство", "property")}
TIMING = {"activated": ("в свой ход", "in its owner's turn"),
          "instant": ("мгновенно, в любой момент", "instant, at any time"),
          "constant": ("действует всегда", "always on")}
TRIGGER = {"enters_play": ("когда выходит в игру", "when it enters play"), "dies": ("когда погибает", "when it dies"),
           "turn_start": ("в начале хода владельца", "at the start of its owner's turn"),
           "strikes": ("после своего простого удара", "after its simple strike")}
SIDE = {"enemy": ("вражеская", "an enemy"), "own": ("своя", "your own"), "any": ("любая", "any")}
TARGET = {"self": ("на себя", "itself"), "host": ("на своего носителя", "its carrier"),
          "mass": ("на все подходящие карты", "every matching card"),
          "trigger": ("на карту, вызвавшую срабатывание", "the card that set it off")}
REACH = {"adjacent": ("соседняя", "adjacent"), "ranged": ("не соседняя, можно летающую", "not adjacent, flyers too"),
         "row": ("через ряд", "across a row")}
MOD = {"attack_die": ("{n:+d} к броску при ударе", "{n:+d} to its die when it strikes"),
       "defence_die": ("{n:+d} к броску при ответе", "{n:+d} to its die when it fights back"),
       "armour": ("броня {n}", "armour {n}")}
PROTECTION = ("защита от: {what}", "protected from: {what}")
STRIKE = ("простой удар", "simple strike")
WORDS = {
    "cost": ("Цена {n}", "Cost {n}"), "elite": ("элитная", "elite"), "class": ("класс: {c}", "class: {c}"),
    "strike": ("удар {s}", "strike {s}"), "move": ("движение {n}", "move {n}"),
    "incorporeal": ("бестелесное", "incorporeal"), "face_down": ("Карта лежит рубашкой вверх.", "The card lies face down."),
    "wounds": ("ранено: {w}, осталось: {left}", "wounded: {w}, left: {left}"),
    "tokens": ("фишки: {n}", "tokens: {n}"), "closed": ("закрыта", "closed"), "open": ("открыта", "open"),
    "poisoned": ("отравлена: {n}", "poisoned: {n}"),
    "no_abilities": ("Способностей нет.", "No abilities."),
    "cost_close": ("закрыть карту", "close the card"), "cost_sacrifice": ("уничтожить эту карту", "destroy this card"),
    "cost_tokens": ("снять {what}", "remove {what}"), "cost_wounds": ("получить {what}", "take {what}"),
    "cost_coins": ("заплатить {what}", "pay {what}"), "per_turn": ("{what} за ход", "{what} a turn"),
    "pay": ("цена: {what}", "cost: {what}"), "target_one": ("цель: {side} карта", "target: {side} card"),
    "target_choose": ("цели: от {a} до {b} карт ({side})", "targets: {a} to {b} cards ({side})"),
    "reach": ("дальность: {r}", "reach: {r}"), "optional": ("можно отказаться", "may be declined"),
    "host": ("даёт носителю", "given to its carrier"),
    "op_wound": ("{what}", "{what}"), "op_wound_roll": ("раны по броску: {x}-{y}-{z}", "wounds by a roll: {x}-{y}-{z}"),
    "op_heal": ("излечить {what}", "heal {what}"), "op_destroy": ("уничтожить", "destroy"),
    "op_poison": ("яд {n}", "poison {n}"), "op_cure": ("снять яд", "cure poison"),
    "op_tokens": ("{what}", "{what}"), "op_open": ("открыть", "open"), "op_close": ("закрыть", "close"),
    "op_move": ("переместить на выбранную клетку", "move to the chosen cell"),
    "op_return_to_deck": ("вернуть в колоду", "return to the deck"),
    "op_taunt": ("первая атака противника в его ход — по этой карте", "the opponent's first attack next turn must target it"),
    "tokens_plus": ("+{what}", "+{what}"), "tokens_minus": ("−{what}", "−{what}"),
    "op_stay_closed": ("закрыть; не открывается в следующий ход", "close; it does not open in its next turn"),
    "op_boost": ("{what} {when}", "{what} {when}"), "op_grant": ("дать способность «{what}» {when}", "give '{what}' {when}"),
    "this_turn": ("до конца хода", "until the end of the turn"), "for_turns": ("на {what}", "for {what}"),
    "range": ("не дальше {what}", "within {what}"),
    "lasting_grant": ("способность «{what}» {when}", "ability '{what}' {when}"),
    "granted": ("карта только даёт её другим", "the card only gives it to others"),
}


def _w(key, lang, **kw) -> str:
    pair = WORDS[key]
    return pair[1 if lang == "en" else 0].format(**kw)


def _pick(table, key, lang) -> str:
    pair = table.get(key)
    return pair[1 if lang == "en" else 0] if pair else str(key)


def card_title(d, uid=None, lang: str = "ru") -> str:
    """«Страж ущелья» (#5) / Gorge Warden (#5)."""
    name = d.name.get(lang)
    name = name if lang == "en" else f"«{name}»"
    return f"{name} (#{uid})" if uid is not None else name


def ability_words(ab, lang: str = "ru", d=None) -> str:
    """One ability: its own words, then how it works (kind, when, cost, target, effects)."""
    parts = [_pick(ABILITY_KIND, ab.kind, lang)]
    if ab.timing == "triggered":
        parts.append(_pick(TRIGGER, ab.trigger, lang))
        if ab.optional:
            parts.append(_w("optional", lang))
    else:
        parts.append(_pick(TIMING, ab.timing, lang))
    if ab.kind == "constant":
        for name, n in ab.modifier:
            parts.append(MOD[name][1 if lang == "en" else 0].format(n=n) if name in MOD else f"{name} {n}")
        if ab.protection:
            kinds = ", ".join(STRIKE[1 if lang == "en" else 0] if k == "strike" else _pick(ABILITY_KIND, k, lang)
                              for k in ab.protection)
            parts.append(PROTECTION[1 if lang == "en" else 0].format(what=kinds))
        if ab.applies_to == "host":
            parts.append(_w("host", lang))
        if ab.granted:
            parts.append(_w("granted", lang))
    else:
        if ab.granted:
            parts.append(_w("granted", lang))
        cost = []
        if ab.close:
            cost.append(_w("cost_close", lang))
        if ab.sacrifice:
            cost.append(_w("cost_sacrifice", lang))
        if ab.tokens:
            cost.append(_w("cost_tokens", lang, what=count(ab.tokens, "token", lang, "acc")))
        if ab.wounds:
            cost.append(_w("cost_wounds", lang, what=count(ab.wounds, "wound", lang, "acc")))
        if ab.coins:
            cost.append(_w("cost_coins", lang, what=count(ab.coins, "coin", lang, "acc")))
        if cost:
            parts.append(_w("pay", lang, what=", ".join(cost)))
        if ab.per_turn:
            parts.append(_w("per_turn", lang, what=count(ab.per_turn, "time", lang) if lang == "ru"
                            else {1: "once", 2: "twice"}.get(ab.per_turn, count(ab.per_turn, "time", lang))))
        side = _pick(SIDE, ab.filter.side, lang)
        if ab.target == "one":
            parts.append(_w("target_one", lang, side=side))
        elif ab.target == "choose":
            parts.append(_w("target_choose", lang, a=ab.count[0], b=ab.count[1], side=side))
        elif ab.target in TARGET:
            parts.append(_pick(TARGET, ab.target, lang))
        if ab.reach in REACH and ab.target in ("one", "choose"):
            parts.append(_w("reach", lang, r=_pick(REACH, ab.reach, lang)))
        if ab.range:
            parts.append(_w("range", lang, what=count(ab.range, "cell", lang, "gen")))
        for e in ab.effects:
            parts.append(_effect(e, lang, d))
    return f"{ab.text.get(lang)} ({'; '.join(p for p in parts if p)})"


def _effect(e, lang, d=None) -> str:
    if e.op in ("boost", "grant"):
        when = _w("this_turn", lang) if e.turns == 1 else _w("for_turns", lang, what=count(e.turns, "turn", lang, "acc"))
        if e.op == "grant":
            given = d.ability(e.ability) if d is not None else None
            return _w("op_grant", lang, what=given.text.get(lang) if given is not None else e.ability, when=when)
        what = ", ".join(MOD[k][1 if lang == "en" else 0].format(n=n) for k, n in e.modifier)
        return _w("op_boost", lang, what=what, when=when)
    if e.op == "wound":
        if e.roll:
            x, y, z = e.roll
            return _w("op_wound_roll", lang, x=x, y=y, z=z)
        return count(e.amount, "wound", lang)
    if e.op == "heal":
        return _w("op_heal", lang, what=count(e.amount, "wound", lang, "acc"))
    if e.op == "poison":
        return _w("op_poison", lang, n=e.amount)
    if e.op == "tokens":
        key = "tokens_plus" if e.amount >= 0 else "tokens_minus"
        return _w(key, lang, what=count(abs(e.amount), "token", lang))
    return _w(f"op_{e.op}", lang) if f"op_{e.op}" in WORDS else e.op


def card_lines(d, lang: str = "ru") -> list[str]:
    """The printed card: type line, cost/elements/class, numbers, then every ability in words."""
    head = _pick(TYPE_WORDS, d.type, lang)
    sub = []
    if d.kind:
        sub.append(_pick(KIND_WORDS, d.kind, lang))
    if d.equipment:
        sub.append(_pick(EQUIPMENT_WORDS, d.equipment, lang))
    if d.elite:
        sub.append(_pick(ELITE_WORDS, d.type, lang) if d.type in ELITE_WORDS else _w("elite", lang))
    if getattr(d, "incorporeal", False):
        sub.append(_w("incorporeal", lang))
    lines = [" · ".join([head] + sub)]
    elements = ", ".join(ELEMENT_NAMES[e].get(lang) for e in d.elements) or ELEMENT_NAMES["neutral"].get(lang)
    second = [_w("cost", lang, n=d.cost), elements]
    if d.klass:
        second.append(_w("class", lang, c=_pick(CLASS_WORDS, d.klass, lang)))
    lines.append(" · ".join(second))
    nums = []
    if d.lives:
        nums.append(count(d.lives, "life", lang))
    if d.type in ("creature",) and any(d.strike):
        nums.append(_w("strike", lang, s="-".join(map(str, d.strike))))
    if d.type == "creature" and d.move:
        nums.append(_w("move", lang, n=d.move))
    if nums:
        lines.append(" · ".join(nums))
    for ab in d.abilities:
        lines.append("• " + ability_words(ab, lang, d))
    if d.text is not None:
        lines.append(d.text.get(lang))
    return lines


def state_line(state, uid, lang: str = "ru") -> str:
    """A card in play: wounds, tokens, open or closed, poison."""
    c = state.cards[uid]
    d = state.defs[c.card]
    parts = []
    if d.lives:
        parts.append(_w("wounds", lang, w=c.wounds, left=max(0, d.lives - c.wounds)))
    tokens = getattr(c, "tokens", 0)
    if tokens:
        parts.append(_w("tokens", lang, n=tokens))
    poison = getattr(c, "poison", 0)
    if poison:
        parts.append(_w("poisoned", lang, n=poison))
    if getattr(c, "closed", None) is not None:
        parts.append(_w("closed" if c.closed else "open", lang))
    for e in getattr(c, "lasting", ()):        # what abilities left on it for a time (lasting.py)
        parts.append(lasting_words(state, e).get(lang))
    return " · ".join(parts)


def lasting_words(state, e):
    """One lasting effect with its end, as the log says it: «+1 к броску кубика при ударе до конца хода»."""
    what = effect_words(state, e)
    if e.what == "stay_closed":
        return what
    until = until_words(state, e.until)
    return T(*(_w("lasting_grant" if e.what == "grant" else "op_boost", lang, what=what.get(lang), when=until.get(lang))
               for lang in ("ru", "en")))


def card_plain(state, uid, lang: str = "ru") -> str:
    """The card's text as plain lines (button tooltips)."""
    c = state.cards.get(uid)
    if c is None:
        return ""
    if c.face_down and c.zone in ("field", "aux"):
        return _w("face_down", lang)
    d = state.defs[c.card]
    return "\n".join([card_title(d, uid, lang)] + card_lines(d, lang))


def card_html(state, uid, lang: str = "ru", viewer=None) -> str:
    """The card panel: name, printed text, abilities in words, and its state in play."""
    c = state.cards.get(uid)
    if c is None:
        return ""
    if c.face_down and c.zone in ("field", "aux") and viewer != c.owner:
        body = f"<div>{escape(_w('face_down', lang))}</div>"
        title = f"#{uid}"
    else:
        d = state.defs[c.card]
        lines = card_lines(d, lang)
        title = card_title(d, uid, lang)
        rows = []
        for i, line in enumerate(lines):
            style = "font-weight:bold" if i == 0 else "margin-top:2px" if line.startswith("•") else ""
            if d.text is not None and i == len(lines) - 1:
                style = "font-style:italic;color:#555;margin-top:2px"
            rows.append(f"<div style='{style}'>{escape(line)}</div>")
        if c.zone in ("field", "aux"):
            st = state_line(state, uid, lang)
            if st:
                rows.append(f"<div style='margin-top:3px;color:#0072B2'>{escape(st)}</div>")
        body = "".join(rows)
    return (f"<div class='app-card' style='font-size:12px;padding:4px 6px;margin-top:6px;border:1px solid #999;"
            f"border-radius:6px;background:#FFFDF6'><div style='font-size:13px;font-weight:bold'>{escape(title)}</div>"
            f"{body}</div>")


__all__ = ["card_lines", "card_html", "card_plain", "card_title", "ability_words", "plural"]
