"""The rule registry knows every CITY- id and ruling; every id is named by a test; the code only
cites registered ids; the rulings are written down."""
import pathlib
import re

from berserk_kernel.city.registry import RULES

ROOT = pathlib.Path(__file__).resolve().parents[2]
IDS = ["CITY-1", "CITY-2.1", "CITY-2.2", "CITY-2.3", "CITY-2.4", "CITY-3", "CITY-3.1", "CITY-3.2", "CITY-3.3",
       "CITY-3.4", "CITY-3.5", "CITY-3.6", "CITY-4.1", "CITY-4.2", "CITY-4.3", "CITY-4.4",
       "R-CITY-END", "R-CITY-COST", "R-CITY-HQ", "R-CITY-EVENTS"]


def named(rule_id, text):
    forms = (rule_id, rule_id.replace("-", "_").replace(".", "_"))
    return any(re.search(r"(?<![\w.])" + re.escape(f) + r"(?![\w]|\.\d)", text) for f in forms)


def test_registry_has_every_city_rule_with_russian_and_english():
    assert RULES.ids() == IDS
    index = ROOT.parent / "shared" / "rules" / "INDEX.md"
    if index.exists():   # the shared index, when this checkout sits beside it
        listed = re.findall(r"^\| `((?:R-)?CITY-[^`]+)` \|", index.read_text("utf-8"), re.M)
        assert listed == IDS
    for rule in RULES:
        assert rule.text.ru and rule.text.en and rule.topic.ru and rule.topic.en
        assert re.search("[а-яё]", rule.text.ru) and not re.search("[а-яё]", rule.text.en)


def test_every_rule_id_is_named_by_a_test():
    here = pathlib.Path(__file__)
    text = "\n".join(p.read_text("utf-8") for p in here.parent.glob("test_*.py") if p != here)
    missing = [i for i in IDS if not named(i, text)]
    assert not missing, missing


def test_the_kernel_cites_only_registered_ids():
    code = "\n".join(p.read_text("utf-8") for p in (ROOT / "berserk_kernel" / "city").glob("*.py"))
    cited = set(re.findall(r'"((?:R-)?CITY-[\w.-]+)"', code))
    assert cited and cited <= set(IDS), cited - set(IDS)


def test_every_ruling_is_written_down():
    doc = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    for rid in IDS:
        if rid.startswith("R-"):
            section = doc.split(f"## {rid}", 1)
            assert len(section) == 2, rid
            assert "option" in section[1].split("\n## ", 1)[0].lower(), rid


def test_house_rules_pure_python_no_jupyter_and_no_berserk():
    for p in (ROOT / "berserk_kernel" / "city").rglob("*.py"):
        text = p.read_text("utf-8")
        assert not re.search(r"^\s*(from|import)\s+(IPython|ipywidgets|ipycanvas|jupyter)", text, re.M), p
        assert not re.search(r"^\s*(from|import)\s+(berserk_kernel\.berserk|\.\.berserk)", text, re.M), p
