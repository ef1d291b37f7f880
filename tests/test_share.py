"""Position codes for links (core/share.py): round trips for both games, and every bad code refused
with a DataError naming the source and the field, in bounded time and memory."""
from __future__ import annotations

import base64
import json
import time
import zlib

import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.city import new_game as new_city
from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError


def _code_of(raw: bytes, version: str = "1") -> str:
    """A code made by hand from raw bytes (what a crafted link could carry)."""
    return version + base64.urlsafe_b64encode(zlib.compress(raw)).decode("ascii").rstrip("=")


def _played(state, n):
    for _ in range(n):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[0])
    return state


def _refused(code, field="code", source="<link>"):
    with pytest.raises(DataError) as e:
        share.decode(code)
    assert e.value.source == source and e.value.field == field
    assert e.value.ru and e.value.en and e.value.ru != e.value.en
    return e.value


@pytest.mark.parametrize("steps", [0, 12, 40])
def test_berserk_game_round_trips_through_a_code_to_the_same_hash(steps):
    g = _played(new_game(seed=3), steps)
    code = share.encode(g.to_dict())
    assert code[0] == "1" and set(code[1:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert share.decode(code) == json.loads(json.dumps(g.to_dict()))
    again = share.load(code)
    assert again.state_hash() == g.state_hash()
    assert share.encode(again.to_dict()) == code          # canonical: the same position, the same code


@pytest.mark.parametrize("players, steps", [(2, 0), (3, 25), (4, 60)])
def test_city_game_round_trips_through_a_code_to_the_same_hash(players, steps):
    g = _played(new_city(players=players, seed=players), steps)
    code = share.encode(g.to_dict())
    again = share.load(code)
    assert again.state_hash() == g.state_hash()
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in g.legal_actions()]


def test_a_hand_written_position_and_non_ascii_text_survive():
    data = {"title": {"ru": "Защитник — ёж 🦔", "en": "Defender «quote»"},
            "players": [{"name": "Аня"}, {"name": "Борис"}],
            "cards": [{"card": "gorge_warden", "owner": 0, "cell": "c2"},
                      {"card": "bog_troll", "owner": 1, "cell": "c3", "wounds": 2}]}
    code = share.encode(data)
    assert code.isascii()
    assert share.decode(code) == data
    s = share.load(code)
    assert [p.name for p in s.seats] == ["Аня", "Борис"]
    assert s.cards[2].wounds == 2 and s.at("c3") == 2


def test_a_whole_address_is_read_for_its_pos_value():
    code = share.encode(position("A gorge_warden c2", "B bog_troll c3").to_dict())
    url = f"http://localhost:8866/voila/render/40_explorer.ipynb?lang=en&pos={code}#top"
    assert share.load(url).state_hash() == share.load(code).state_hash()


@pytest.mark.parametrize("bad, words", [
    ("", "empty"), ("   ", "empty"), ("2eNqrVg", "version"), ("xeNqr", "version"),
    ("1eNq+r/", "character"), ("1abc%20", "character"), ("1eNqrVg", "cut short"),
    ("1A", "base64"), ("1AAAAAAAA", "unpack"),
])
def test_mangled_codes_are_refused_naming_the_code(bad, words):
    e = _refused(bad)
    assert words in e.en


def test_a_truncated_or_altered_real_code_is_refused():
    code = share.encode(new_game(seed=1).to_dict())
    for broken in (code[:len(code) // 2], code[:-3]):
        assert _refused(broken).field == "code"
    flipped = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    with pytest.raises(DataError) as e:          # zlib's checksum or the JSON parser notices
        share.decode(flipped)
    assert e.value.source == "<link>"
    assert _refused(code + "AAAA").field == "code"           # bytes after the end of the stream


def test_not_text_and_too_long_codes_are_refused_without_work():
    assert "text" in _refused(None).en
    assert "text" in _refused(b"1eNq").en
    t = time.perf_counter()
    e = _refused("1" + "A" * (share.MAX_CODE + 1))
    assert "too long" in e.en and time.perf_counter() - t < 0.05


def test_a_zip_bomb_is_refused_after_reading_at_most_the_limit():
    bomb = zlib.compress(b" " * (60 * share.MAX_UNPACKED), 9)   # 120 MB of spaces in ~120 KB
    code = "1" + base64.urlsafe_b64encode(bomb).decode("ascii").rstrip("=")
    assert len(code) < share.MAX_CODE
    t = time.perf_counter()
    e = _refused(code)
    assert "unpacks to more than" in e.en and time.perf_counter() - t < 1.0


def test_the_source_name_is_the_callers():
    with pytest.raises(DataError) as e:
        share.decode("9", source="?pos=")
    assert e.value.source == "?pos=" and e.value.field == "code"


def test_the_unpacked_json_is_checked_like_a_file():
    assert "not valid JSON" in _refused(_code_of(b"{nope"), field="").en
    assert "JSON object" in _refused(_code_of(b"[1, 2]"), field="").en
    e = _refused(_code_of('{"a": 1, "a": 2}'.encode()), field="a")
    assert "twice" in e.en
    assert "UTF-8" in _refused(_code_of(b'{"x": "\xff"}'), field="").en
    assert "deeper" in _refused(_code_of(b"[" * 40 + b"]" * 40), field="").en


def test_an_unknown_game_names_the_game_field():
    e = _refused(_code_of(b'{"game": "chess"}'), field="game")
    assert "chess" in e.en and "berserk" in e.en


def test_a_bad_scenario_inside_a_good_code_names_its_field():
    e = _refused(share.encode({"cards": [{"card": "no_such_card", "owner": 0, "cell": "c2"}]}), field="cards[0].card")
    assert "unknown card" in e.en
    e = _refused(share.encode({"cards": [{"card": "gorge_warden", "owner": 2}]}), field="cards[0].owner")
    city = new_city(players=2, seed=1).to_dict()
    city["position"]["influence"] = [1, 2, 3]
    e = _refused(share.encode(city), field="position.influence")
    assert "one per player" in e.en


def test_encode_refuses_what_is_not_a_plain_table():
    with pytest.raises(DataError):
        share.encode([1, 2])
    with pytest.raises(DataError):
        share.encode({"x": 1.5})


def test_a_state_may_be_encoded_directly_and_without_its_history():
    g = _played(new_game(seed=3), 40)
    assert share.encode(g) == share.encode(g.to_dict())
    short = share.encode(g, history=False)
    assert len(short) * 2 < len(share.encode(g))
    again = share.load(short)
    assert again.log == [] and again.actions == []
    mine = g.to_dict()
    mine.pop("log"), mine.pop("actions")
    again_dict = again.to_dict()
    again_dict.pop("log"), again_dict.pop("actions")
    assert again_dict == json.loads(json.dumps(mine))             # the same position, without its history
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in g.legal_actions()]
    city = _played(new_city(players=2, seed=1), 30)
    assert share.load(share.encode(city, history=False)).position() == city.position()


# --- any text, any bytes: a DataError or a scenario, never another exception ------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_BUDGET = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))


@_BUDGET
@given(st.one_of(st.text(max_size=300), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                                                 max_size=300).map(lambda t: "1" + t)))
def test_any_text_decodes_or_is_refused_in_words(text):
    try:
        data = share.decode(text)
    except DataError as e:
        assert e.source == "<link>" and e.en and e.ru
    else:
        assert isinstance(data, dict)


@_BUDGET
@given(st.binary(max_size=400))
def test_any_packed_bytes_decode_or_are_refused_in_words(raw):
    for packed in (raw, zlib.compress(raw)):
        code = "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
        try:
            share.decode(code)
        except DataError as e:
            assert e.source == "<link>" and e.en and e.ru


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                     max_leaves=8)
_CARD_KEYS = ["id", "name", "type", "kind", "equipment", "cost", "elite", "elements", "lives", "move", "strike",
              "class", "incorporeal", "text", "abilities", "max_tokens", "gender"]


@_BUDGET
@given(st.dictionaries(st.sampled_from(_CARD_KEYS), _JSON, max_size=6))
def test_any_own_card_in_a_link_loads_or_is_refused_naming_own_cards(card):
    card.setdefault("id", "x")
    data = {"own_cards": [card], "cards": [{"card": "gorge_warden", "owner": 0, "cell": "c2"}]}
    try:
        s = share.load(share.encode(data))
    except DataError as e:
        assert e.field.startswith("own_cards"), e.field
    else:
        assert s.state_hash() == share.load(share.encode(s.to_dict())).state_hash()
