"""What each action of a City game did, read out for a person or a notebook.

    s.last_rolls()       # (Roll('CITY-4.1', attack=(9, 3), defence=(6,)),): the dice of the last action
    s.last_step()        # Step(number=31, player=0, action='attack 5>6 2', battles=(Fight(...),), ...)
    s.steps()            # a Step for every action of the game, in order

Read from the log only (its entries keep their data: the dice, the losses, who took what), so
nothing here changes a game. A step is one action with everything it set off up to the next
action: an attack's rolls and losses, a capture, the next turn's start after ``end``. Step 0 is
what happened before the first action (the colours, the order, the event deck's shuffle).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# The entry each action logs first, by (rule id, kind): the verb's own line. A draw from an empty
# event deck logs the reshuffle before the event, so the reshuffle starts that step.
_HEADS = {
    ("CITY-2.2", "pick"), ("CITY-3.1", "event"), ("R-CITY-EVENTS", "shuffle"), ("CITY-3.2", "income"),
    ("CITY-3", "end"), ("CITY-3.3", "capture"), ("CITY-3.3", "move"), ("CITY-3.4", "reinforce"),
    ("CITY-3.5", "redeploy"), ("CITY-3.6", "attack"),
}


@dataclass(frozen=True)
class Roll:
    """One roll: the rule behind it and each side's ten-sided dice."""

    rule: str                       # CITY-4.1 a battle (attack, defence); CITY-2.2 the order (dice)
    dice: tuple                     # (("attack", (9, 3)), ("defence", (6,))) or (("player0", (4, 7)),)

    @property
    def faces(self) -> tuple:
        return tuple(f for _, faces in self.dice for f in faces)

    def __getitem__(self, name: str) -> tuple:
        return dict(self.dice)[name]

    def __repr__(self) -> str:
        return f"Roll({self.rule!r}, " + ", ".join(f"{k}={v}" for k, v in self.dice) + ")"


@dataclass(frozen=True)
class Fight:
    """One attack (CITY-3.6) and how it ended (CITY-4.1 to 4.3)."""

    src: int
    dst: int
    attackers: int                  # forces sent
    defenders: int                  # forces in the district attacked
    attackers_lost: int
    defenders_lost: int
    result: str                     # "capture" | "hold" | "wipe"


@dataclass(frozen=True)
class Step:
    """One action and what it set off."""

    number: int                     # 1 for the game's first action (0: before any action)
    player: int | None              # who acted (the player whose turn it was)
    action: str | None              # the action's text, e.g. "attack 5>6 2"
    rolls: tuple = ()               # Roll values, in the order rolled
    fights: tuple = ()              # Fight values of the attacks in this step
    captured: tuple = ()            # districts that changed hands in this step
    events: tuple = ()              # event cards drawn in this step (their ids)
    entries: tuple = field(default=(), repr=False)   # the log entries of the step

    def text(self, lang: str = "ru") -> str:
        return "\n".join(e.line(lang) for e in self.entries)


def steps(s) -> list[Step]:
    """A `Step` for every action of the game, in order (and step 0 when something came before)."""
    groups = _groups(s.log)
    actions = [str(a) for a in s.actions]
    # a scenario may bring a log of its own: the last len(actions) groups are the actions'
    extra = max(0, len(groups) - 1 - len(actions))
    before = [e for g in groups[:extra + 1] for e in g]
    out = [_step(0, None, before)] if before else []
    for i, g in enumerate(groups[extra + 1:]):
        out.append(_step(i + 1, actions[i] if i < len(actions) else None, g))
    return out


def last_step(s) -> Step | None:
    """The step of the last action (None before any action)."""
    if not s.actions:
        return None
    start = next((i for i in range(len(s.log) - 1, -1, -1) if _is_head(s.log, i)), None)
    if start is None:
        return None
    return _step(len(s.actions), str(s.actions[-1]), s.log[start:])


def last_rolls(s) -> tuple:
    """The dice the last action rolled (empty when it rolled none)."""
    step = last_step(s)
    return step.rolls if step is not None else ()


def _is_head(log, i: int) -> bool:
    e = log[i]
    if (e.rule_id, e.kind) not in _HEADS:
        return False
    # the event drawn right after a reshuffle belongs to the reshuffle's step
    return not (e.kind == "event" and i and (log[i - 1].rule_id, log[i - 1].kind) == ("R-CITY-EVENTS", "shuffle"))


def _groups(log) -> list[list]:
    groups: list[list] = [[]]
    for i, e in enumerate(log):
        if _is_head(log, i):
            groups.append([e])
        else:
            groups[-1].append(e)
    return groups


def _step(number: int, action: str | None, entries) -> Step:
    rolls, fights, captured, events = [], [], [], []
    player = None
    attack = None
    for e in entries:
        d = e.data
        if player is None and "player" in d and e.kind != "roll":
            player = d["player"]
        if e.kind == "roll" and "attack" in d:
            rolls.append(Roll(e.rule_id, (("attack", tuple(d["attack"])), ("defence", tuple(d["defence"])))))
        elif e.kind == "roll" and "dice" in d:
            rolls.append(Roll(e.rule_id, ((f"player{d.get('player', 0)}", tuple(d["dice"])),)))
        elif e.kind == "attack":
            attack = dict(src=d["src"], dst=d["dst"], attackers=d["count"], defenders=0, lost=(0, 0))
        elif e.kind == "damage" and attack is not None:
            # one die per defending force (CITY-4.1): the defence dice count the defenders
            attack["defenders"] = len(rolls[-1]["defence"]) if rolls else 0
            attack["lost"] = (attack["attackers"] - d["attackers_left"], attack["defenders"] - d["defenders_left"])
        elif e.rule_id == "CITY-4.3" and attack is not None:
            fights.append(Fight(attack["src"], attack["dst"], attack["attackers"], attack["defenders"],
                                attack["lost"][0], attack["lost"][1], e.kind))
            attack = None
        if e.kind == "capture" and "district" in d:
            captured.append(d["district"])
        elif e.kind == "event" and "event" in d:
            events.append(d["event"])
    return Step(number, player, action, tuple(rolls), tuple(fights), tuple(captured), tuple(events), tuple(entries))
