"""Hints and game review for both games: what the apps call (issue 10).

    from berserk_kernel.bots.advice import LEVELS, make_bot, suggest, review
    bot = make_bot("normal", seed=1); bot.step(state)            # the computer's move
    a = suggest(state)                                           # Advice: action, win_chance, reason
    a.reason["ru"], a.reason["en"], a.rule_ids, a.alternatives
    for r in review(record_or_state, level="easy"):              # MoveReview per decision
        print(r.index, r.action, r.mark, r.loss)

`suggest` runs the MCTS bot (`mcts.MCTSBot`, no peeking) of the level and explains its choice
with the exact odds the kernel computes for that action: a Berserk strike by the fight table
(`berserk.odds.odds_for`, BR-10.3, BR-10.4), an ability's wounds (`berserk.odds.ability_odds`,
BR-12), a City attack (`CityState.attack_odds`, CITY-4.2). Texts come from
`bots/data/messages.toml` in Russian and English.

`review` replays a game (a finished state, or a record table of either game) and, at each
decision with a choice, compares the move played with the bot's best move. Both are valued by
the same estimator, with the same random numbers (common random numbers): `playouts` worlds
sampled from the mover's view, the move applied, a short kind-weighted rollout, the evaluation
of the game's profile (`mcts.profile_evaluation`: the bot's own, so a hint's and a review's win
chances are on one scale). `loss` is the drop in estimated win chance; the mark follows `MARKS`.

`progress(fraction)` is called between playouts; `cancel()` returning True raises `Cancelled`
within one playout.
"""
from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from fractions import Fraction

from ..berserk.odds import ability_odds, odds_for
from ..berserk.record import start_of as berserk_start
from ..city.record import SCHEMA as CITY_SCHEMA
from ..city.record import start_of as city_start
from ..core.errors import DataError
from ..core.loading import validate
from ..core.messages import catalog
from ..core.record import check_hash, replay
from .base import Cancelled, Game, hidden_uids, in_setup, sample_world, seat_view
from .squads import ORDER_WORLDS
from .mcts import MCTSBot, profile_bot, profile_evaluation
from .random import weighted_choice

LEVELS = {"easy": 16, "normal": 40, "strong": 120}
REVIEW_DEPTH = 8
# a move's loss of win chance (0..1) from which it gets each mark, worst first
MARKS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))

M = catalog("berserk_kernel.bots")
RECORDS = {"berserk": (None, berserk_start), "city": (CITY_SCHEMA, city_start)}   # start_of validates Berserk


@dataclass(frozen=True)
class Advice:
    action: object
    win_chance: float                 # 0..1, for the player to move
    reason: dict                      # {"ru": ..., "en": ...}
    rule_ids: tuple = ()
    alternatives: list = field(default_factory=list)   # [(action, win_chance, visits)], best first
    setup: bool = False               # the seats still choose squads or start districts
                                      # (base.in_setup): no win chance is named
    order_look: str = ""              # how a set-up choice was made without the search's visits:
                                      # the order decision by the squads look (squads.order_values),
                                      # "build" (classic: both squads built) or "turns" (Heroes:
                                      # the first turns played); "squad": a purchase of the exact
                                      # squad (squads.best_squad); "place": a placement of the
                                      # formation (formation.formation); "" otherwise


@dataclass(frozen=True)
class MoveReview:
    index: int                        # the move's index in the game's action list
    seat: int
    action: object
    best: object
    win_before: float                 # estimated win chance after the best move
    win_after: float                  # after the move played
    loss: float                       # max(0, win_before - win_after)
    mark: str                         # good, inaccuracy, mistake, blunder

    def text(self, lang: str = "ru") -> str:
        """One line of the review in `lang`."""
        mark = M(f"mark_{self.mark}").get(lang)
        if str(self.action) == str(self.best):
            return M("review_line_best", index=self.index + 1, action=str(self.action), mark=mark,
                     before=percent(self.win_before, lang)).get(lang)
        return M("review_line", index=self.index + 1, action=str(self.action), mark=mark, best=str(self.best),
                 before=percent(self.win_before, lang), after=percent(self.win_after, lang)).get(lang)


def level_playouts(level) -> int:
    """Playouts of a level name (LEVELS) or a positive whole number of playouts."""
    if isinstance(level, int) and not isinstance(level, bool) and level > 0:
        return level
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)} or a number of playouts")
    return LEVELS[level]


def make_bot(level="normal", seed: int = 0) -> MCTSBot:
    """The computer player of a level: `bot.step(state, progress=None, cancel=None)`. The level
    sets the playouts; the rest (rollout depth and policy, evaluation, exploration, how the
    order decision and the squad are made) is the game's profile (`mcts.PROFILES`), the settings the tournament
    measures (classic Berserk's profile plays 40 playouts, the `normal` level)."""
    return profile_bot(level_playouts(level), seed)


def win_chance(value: float) -> float:
    """A value in [-1, 1] (the bots' evaluation) as a chance in [0, 1]."""
    return max(0.0, min(1.0, (value + 1.0) / 2.0))


def mark_of(loss: float) -> str:
    for mark, threshold in MARKS:
        if loss >= threshold:
            return mark
    return "good"


# --- numbers as a person reads them ------------------------------------------------------------

def percent(p, lang: str) -> str:
    """58.3% / «58,3%»."""
    text = f"{float(p) * 100:.1f}".rstrip("0").rstrip(".")
    return (text.replace(".", ",") if lang == "ru" else text) + "%"


def odds_text(p: Fraction, lang: str) -> str:
    """An exact probability: «58,3% (7/12)»; 0 and 1 without the fraction."""
    p = Fraction(p)
    if p in (0, 1):
        return percent(p, lang)
    return f"{percent(p, lang)} ({p.numerator}/{p.denominator})"


def mean_text(x: float, lang: str) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "ru" else text


class _Both:
    """A value that renders differently in each language (percentages, means)."""

    def __init__(self, fn):
        self.fn = fn


def _message(key: str, **kw) -> dict:
    """A catalog message rendered in both languages, with `_Both` values written per language."""
    out = {}
    for lang in ("ru", "en"):
        args = {k: (v.fn(lang) if isinstance(v, _Both) else v) for k, v in kw.items()}
        out[lang] = M(key, **args).get(lang)
    return out


def _odds(p) -> _Both:
    return _Both(lambda lang: odds_text(p, lang))


def _mean(x) -> _Both:
    return _Both(lambda lang: mean_text(float(x), lang))


def _round(x):
    """A mean to two decimals (a whole number stays whole, for the plural forms)."""
    x = round(float(x), 2)
    return int(x) if x.is_integer() else x


def _pct(x) -> _Both:
    return _Both(lambda lang: percent(x, lang))


# --- why this action: the exact odds behind it --------------------------------------------------

def _berserk_strike(state, view, seat, a):
    att, tgt = state.cards[a.card], state.cards[a.other]
    card = state.defs[att.card]
    if a.other in set(hidden_uids(state, seat)):
        return _message("strike_hidden", card=card, uid=a.card, tuid=a.other), ("BR-10.3",)
    target = state.defs[tgt.card]
    odds = odds_for(view, a.card, a.other)
    dist = odds.distribution("exchange")
    left = max(0, target.lives - tgt.wounds) if target.lives else 1
    kill = sum((p for (d, _t), p in dist.items() if d >= left), Fraction(0))
    hit = sum((p for (d, _t), p in dist.items() if d > 0), Fraction(0))
    back = sum((p for (_d, t), p in dist.items() if t > 0), Fraction(0))
    dealt = sum(p * d for (d, _t), p in dist.items())
    taken = sum(p * t for (_d, t), p in dist.items())
    text = _message("strike", card=card, uid=a.card, target=target, tuid=a.other, kill=_odds(kill), hit=_odds(hit),
                    back=_odds(back), dealt=_round(dealt), taken=_round(taken))
    return text, ("BR-10.3", "BR-10.4")


def _berserk_use(state, view, seat, a):
    hidden = set(hidden_uids(state, seat))
    for t in a.targets or ():
        if not isinstance(t, int) or t not in state.cards or t in hidden:
            continue
        try:
            dist = ability_odds(view, a.card, a.ability, t)
        except (KeyError, AttributeError, TypeError, ValueError):
            return None
        if set(dist) == {0}:
            continue
        tgt = state.cards[t]
        target = state.defs[tgt.card]
        left = max(0, target.lives - tgt.wounds) if target.lives else 1
        kill = sum((p for w, p in dist.items() if w >= left), Fraction(0))
        hit = sum((p for w, p in dist.items() if w > 0), Fraction(0))
        dealt = sum(p * w for w, p in dist.items())
        return (_message("ability", card=state.defs[state.cards[a.card].card], uid=a.card, target=target, tuid=t,
                         hit=_odds(hit), kill=_odds(kill), dealt=_round(dealt)),
                ("BR-12", "BR-12.1"))
    return None


def _city_attack(state, view, seat, a):
    odds = state.attack_odds(a)
    if odds.defenders == 0:
        return _message("attack_empty", n=a.count, src=a.src, dst=a.dst), ("CITY-4.3",)
    left, _ = odds.expected()
    return (_message("attack", n=a.count, m=odds.defenders, src=a.src, dst=a.dst, capture=_odds(odds.capture),
                     hold=_odds(odds.hold), wipe=_odds(odds.wipe), left=_mean(left)),
            ("CITY-4.2",))


EXPLAIN = {("berserk", "strike"): _berserk_strike, ("berserk", "use"): _berserk_use,
           ("city", "attack"): _city_attack}


def explain(state, action, seat: int):
    """({"ru", "en"} naming the exact odds of `action`, rule ids), or None when it rolls no dice
    the kernel has odds for."""
    fn = EXPLAIN.get((state.GAME, Game.kind(action)))
    if fn is None:
        return None
    return fn(state, seat_view(state, seat), seat, action)


# --- suggest -----------------------------------------------------------------------------------

def suggest(state, level="normal", seed: int = 0, progress=None, cancel=None) -> Advice:
    """The bot's move for the player to move, its estimated win chance and why."""
    if Game.is_terminal(state):
        raise ValueError("the game is over: there is no move to suggest")
    seat = Game.current_player(state)
    choices = Game.choices(state)
    if len(choices) == 1:
        if progress is not None:
            progress(1.0)
        a = choices[0]
        odds = explain(state, a, seat)
        parts = [odds[0]] if odds else []
        parts.append(_message("only_move"))
        ids = odds[1] if odds else ()
        win = win_chance(profile_evaluation(state)(state)[seat])
        return Advice(a, win, _join(parts), tuple(ids), [(a, win, 0)], in_setup(state))
    bot = make_bot(level, seed)
    ranked = bot.analyse(state, progress, cancel)
    alternatives = [(a, win_chance(v), n) for a, v, n in ranked]
    best, win, visits = alternatives[0]
    odds = explain(state, best, seat)
    setup = in_setup(state)
    if bot.orders_by_squads(state):
        # the choice comes from the squads each option leads to, not from the visits
        look = "turns" if getattr(state, "mode", "classic") == "heroes" else "build"
        parts = [_dice_note(state, best, seat), _message("order_by_" + look, n=ORDER_WORLDS)]
        return Advice(best, win, _join(parts), (), alternatives, setup, look)
    if bot.buys_exact(state):
        # the purchase comes from the exact squad search (squads.best_squad), not from playouts
        parts = [_dice_note(state, best, seat), _message("squad_exact")]
        return Advice(best, win, _join(parts), ("BR-7.3", "BR-7.5"), alternatives, setup, "squad")
    if bot.places_formation(state):
        # the placement comes from the formation (formation.formation), not from playouts
        parts = [_dice_note(state, best, seat), _message("place_formation")]
        return Advice(best, win, _join(parts), ("BR-8.1", "BR-8.2", "BR-8.5"), alternatives, setup, "place")
    tail = "_setup" if setup else ""          # in the set-up the win chance is not named
    parts = [odds[0] if odds else _dice_note(state, best, seat),
             _message("search" + tail, n=bot.last_iterations, v=visits, win=_pct(win)) if visits else
             _message("search_prior" + tail, n=bot.last_iterations, win=_pct(win))]
    if len(alternatives) > 1 and alternatives[1][2] > 0:
        parts.append(_message("runner_up" + tail, action=str(alternatives[1][0]), win=_pct(alternatives[1][1])))
    return Advice(best, win, _join(parts), tuple(odds[1]) if odds else (), alternatives, setup)


def _dice_note(state, action, seat: int) -> dict:
    """For an action without an odds table: whether it rolls, from the kernel's exact law of its
    faces (`chance_outcomes`) in the seat's view (so it tells nothing hidden)."""
    outcomes = seat_view(state, seat).chance_outcomes(action)
    if not outcomes:
        return _message("no_odds")
    return _message("dice_outcomes", n=len(outcomes), p=_odds(max(p for _f, p in outcomes)))


def _join(parts) -> dict:
    return {lang: " ".join(p[lang] for p in parts) for lang in ("ru", "en")}


# --- review ------------------------------------------------------------------------------------

def action_values(state, actions, seat: int, playouts: int, seed: int, depth: int = REVIEW_DEPTH,
                  cancel=None) -> list[float]:
    """Estimated win chance for `seat` after each of `actions` (legal in `state`), all valued on
    the same `playouts` worlds sampled from the seat's view and the same rollout random numbers."""
    view = seat_view(state, seat)
    evaluate = profile_evaluation(state)
    totals = [0.0] * len(actions)
    for j in range(playouts):
        if cancel is not None and cancel():
            raise Cancelled()
        world = sample_world(view, seat, _random.Random(seed * 1_000_003 + j))
        for i, a in enumerate(actions):
            w = world.copy()
            rng = _random.Random(seed * 7_919 + j)
            Game.apply(w, a)
            for _ in range(depth):
                if Game.is_terminal(w):
                    break
                Game.apply(w, weighted_choice(w, Game.choices(w), rng))
            totals[i] += evaluate(w)[seat]
    return [win_chance(t / playouts) for t in totals]


def _start_and_actions(game, source: str = "<record>"):
    """(the starting position, the actions played) of a state or a record table. A record is
    checked as the game's loader checks it (schema, every action legal, the final hash): bad
    input raises `DataError` naming the source and the field."""
    if isinstance(game, dict):
        kind = game.get("game", "berserk")
        if kind not in RECORDS:
            raise DataError(source, "game", f"a record of 'berserk' or 'city', not {str(kind)[:40]!r}",
                            f"запись партии 'berserk' или 'city', а не {str(kind)[:40]!r}")
        schema, start_of = RECORDS[kind]
        if schema is not None:
            validate(game, schema, source)
        start = start_of(game, source)
        final = replay(start.copy(), game.get("actions", []), source)
        check_hash(final, game, source)
        return start, [start.parse_action(a) for a in game.get("actions", [])]
    actions = list(game.actions)
    if game.can_undo() and len(game._undo) == len(actions):
        # the position before the first action (BaseState.history_start)
        return game.history_start(), actions
    raise ValueError("review needs a game played with history (undo) or a record table")


def review(state_or_record, level="easy", seed: int = 0, progress=None, cancel=None,
           first: int = 0) -> list[MoveReview]:
    """Every move of a game from move `first` (an index of its action list) on, valued against
    the bot's choice (see the module)."""
    start, actions = _start_and_actions(state_or_record)
    if type(first) is not int or not 0 <= first <= len(actions):
        raise ValueError(f"first must be a move index from 0 to {len(actions)}, not {first!r}")
    playouts = level_playouts(level)
    s = start.copy()
    for played in actions[:first]:
        Game.apply(s, played)
    out = []
    n = max(1, len(actions) - first)
    for i, played in enumerate(actions):
        if i < first:
            continue
        if cancel is not None and cancel():
            raise Cancelled()
        seat = Game.current_player(s)
        choices = Game.choices(s)
        if len(choices) <= 1 or seat is None:
            out.append(MoveReview(i, seat, played, played, 0.5, 0.5, 0.0, "good"))
        else:
            sub = None if progress is None else (lambda f, i=i: progress((i - first + 0.5 * f) / n))
            best = make_bot(level, seed + i).analyse(s, sub, cancel)[0][0]
            if str(best) == str(played):
                (v,) = action_values(s, [played], seat, playouts, seed + i, cancel=cancel)
                out.append(MoveReview(i, seat, played, best, v, v, 0.0, "good"))
            else:
                v_best, v_played = action_values(s, [best, played], seat, playouts, seed + i, cancel=cancel)
                loss = max(0.0, v_best - v_played)
                out.append(MoveReview(i, seat, played, best, max(v_best, v_played), v_played, loss, mark_of(loss)))
        Game.apply(s, played)
        if progress is not None:
            progress((i + 1 - first) / n)
    return out


__all__ = ["LEVELS", "MARKS", "Advice", "MoveReview", "Cancelled", "make_bot", "suggest", "review", "explain",
           "action_values"]
