"""The action notation (docs/notation-city.md)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from berserk_kernel.city import Action, parse_action
from berserk_kernel.city.actions import _SHAPE, VERBS
from berserk_kernel.core.errors import DataError

def _spellable(verb, dst, src, count):
    """An action a text could spell: the fields its verb does not use stay 0."""
    shape = _SHAPE[verb]
    return Action(verb, dst if shape else 0, src if ">" in shape else 0, count if "count" in shape else 0)


actions = st.builds(_spellable, st.sampled_from(VERBS), st.integers(0, 99), st.integers(0, 99), st.integers(0, 10))


def canonical(a):
    return parse_action(str(a))


@given(actions)
def test_text_round_trip(a):
    b = canonical(a)
    assert str(b) == str(a) and parse_action(b.text("ru")) == b


def test_examples_and_aliases():
    assert parse_action("attack 2>3 5") == Action.attack(2, 3, 5) == parse_action("атака 2 > 3 5")
    assert parse_action("reinforce 4 2") == parse_action("усилить 4 +2") == Action.reinforce(4, 2)
    assert str(Action.move(2, 7, 3)) == "move 2>7 3" and Action.redeploy(2, 3, 4).text("ru") == "перебросить 2>3 4"
    assert repr(Action.pick(5)) == "Action('pick 5')"


@pytest.mark.parametrize("text", ["", "fly 2", "attack 2>3", "pick x", "end now", "capture 7 8"])
def test_bad_notation(text):
    with pytest.raises(DataError) as e:
        parse_action(text)
    assert e.value.field == "action" and e.value.ru != e.value.en
