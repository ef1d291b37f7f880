"""Every example of docs/scenarios.md loads (json), reads as cards (toml) or runs (python); every
field of both scenario schemas is named in the page, and each loaded example round-trips."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from berserk_kernel.berserk import BerserkState, parse_cards
from berserk_kernel.berserk.scenario import SCHEMA as BERSERK_SCHEMA
from berserk_kernel.city import load_scenario as load_city
from berserk_kernel.city.scenario import SCHEMA as CITY_SCHEMA
from berserk_kernel.core import share

DOC = pathlib.Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"
TEXT = DOC.read_text("utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", TEXT, re.S)


def blocks(kind):
    return [b for k, b in BLOCKS if k == kind]


def load(data):
    return load_city(data, "docs/scenarios.md") if data.get("game") == "city" else BerserkState.from_dict(data, "docs/scenarios.md")


def test_the_page_has_examples_of_each_kind():
    assert len(blocks("json")) >= 18 and blocks("toml") and len(blocks("python")) >= 3


@pytest.mark.parametrize("i", range(len(blocks("json"))))
def test_each_json_example_loads_round_trips_and_has_a_decision(i):
    data = json.loads(blocks("json")[i])
    s = load(data)
    again = load(json.loads(json.dumps(s.to_dict())))
    assert again.state_hash() == s.state_hash()
    assert share.load(share.encode(data)).state_hash() == s.state_hash()
    over = s.phase == "over"
    assert bool(s.legal_actions()) != over


def test_each_toml_example_reads_as_cards():
    for text in blocks("toml"):
        assert parse_cards(text)


@pytest.mark.parametrize("i", range(len(blocks("python"))))
def test_each_python_example_runs(i):
    exec(compile(blocks("python")[i], f"docs/scenarios.md python block {i}", "exec"), {})


def _fields(schema, prefix=""):
    out = set()
    for key, sub in schema.get("properties", {}).items():
        out.add(key)
        if isinstance(sub, dict):
            out |= _fields(sub)
            if isinstance(sub.get("items"), dict):
                out |= _fields(sub["items"])
    return out


@pytest.mark.parametrize("schema", [BERSERK_SCHEMA, CITY_SCHEMA], ids=["berserk", "city"])
def test_every_schema_field_is_documented(schema):
    missing = sorted(f for f in _fields(schema) if not any(form in TEXT for form in (f"`{f}`", f"`{f}.", f".{f}`")))
    assert not missing


def test_the_notation_pages_link_here():
    for page in ("notation.md", "notation-city.md"):
        assert "scenarios.md" in (DOC.parent / page).read_text("utf-8")
