"""The shared kernel's refusals of bad data come from its catalog (core/data/messages.toml), in
correct Russian and English: numbers agree with their nouns."""
import pytest

from berserk_kernel.core.contract import M as CONTRACT, check_faces
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.loading import M, parse_text, read_data


def test_every_core_message_has_the_same_placeholders_in_both_languages():
    for key in M.messages:
        assert M.placeholders(key, "ru") == M.placeholders(key, "en"), key


@pytest.mark.parametrize("digits, ru", [(21, "число из 21 цифры"), (22, "число из 22 цифр"), (31, "число из 31 цифры"),
                                        (25, "число из 25 цифр")])
def test_a_long_number_names_its_digits_in_agreement(digits, ru):
    with pytest.raises(DataError) as e:
        parse_text('{"seed": 1' + "0" * (digits - 1) + "}", "<paste>")
    assert e.value.source == "<paste>"
    assert e.value.ru == f"{ru}: допустимо не больше 20"
    assert e.value.en == f"a number with {digits} digits: at most 20 are allowed"


def test_a_file_too_large_keeps_its_comma_and_groups_digits_per_language(tmp_path):
    p = tmp_path / "big.json"
    p.write_bytes(b" " * 2_000_001)
    with pytest.raises(DataError) as e:
        read_data(p)
    assert e.value.ru == "слишком большой: 2 000 001 байт, читается не больше 2 000 000"
    assert e.value.en == "too large: 2,000,001 bytes, at most 2,000,000 are read"
    assert e.value.source == str(p) and e.value.field == ""


def test_schema_words_agree_with_their_numbers():
    assert M("minLength", d=1).ru == "должно быть не короче 1 символа"
    assert M("minLength", d=5).ru == "должно быть не короче 5 символов"
    assert M("maxItems", d=2).ru == "должно содержать не больше 2 элементов"
    assert M("maxItems", d=1).en == "must hold at most 1 item"
    assert M("number_too_long", n=41).ru == "слишком длинная запись числа (41 символ)"


def test_every_contract_message_has_the_same_placeholders_in_both_languages():
    for key in CONTRACT.messages:
        assert CONTRACT.placeholders(key, "ru") == CONTRACT.placeholders(key, "en"), key


def test_contract_refusals_of_bad_arguments():
    with pytest.raises(DataError) as e:
        check_faces([3, 0])
    assert (e.value.field, e.value.ru, e.value.en) == (
        "dice[1]", "грань кубика — целое число от 1 до 100, а не 0", "a die face is a whole number from 1 to 100, not 0")
    with pytest.raises(DataError) as e:
        check_faces("12")
    assert e.value.ru == "кубики — кортеж не более чем из 1000 граней, а не str"


@pytest.mark.parametrize("extra, ru, en", [
    (1, "200001 символ", "200001 characters"),
    (2, "200002 символа", "200002 characters"),
    (5, "200005 символов", "200005 characters"),
])
def test_a_position_code_too_long_names_its_characters_in_agreement(extra, ru, en):
    from berserk_kernel.core import share
    with pytest.raises(DataError) as e:
        share.load("1" + "A" * (share.MAX_CODE + extra - 1))
    assert (e.value.source, e.value.field) == ("<link>", "code")
    assert e.value.ru == f"код слишком длинный: {ru} (не больше {share.MAX_CODE})"
    assert e.value.en == f"the code is too long: {en} (at most {share.MAX_CODE})"


def test_lazy_parts_render_like_eager_ones_only_when_read():
    # a payment line is built in search without its text (issue 10: no log text in search): the
    # parts are lazy messages joined lazily, and read they equal the eager rendering
    from berserk_kernel.core.messages import Joined, catalog
    B = catalog("berserk_kernel.berserk")
    parts = [B.lazy("pay_limit", used=1, limit=2), B.lazy("pay_close"), B.lazy("pay_wounds", n=2)]
    line = B.lazy("payment", parts=Joined(parts))
    assert (line._ru, line._en, parts[0]._ru) == (None, None, None)          # nothing rendered yet
    eager = [B("pay_limit", used=1, limit=2), B("pay_close"), B("pay_wounds", n=2)]
    assert line.ru == B("payment", parts=", ".join(p.ru for p in eager)).ru
    assert line.en == B("payment", parts=", ".join(p.en for p in eager)).en
    assert "2 раны" in line.ru and "2 wounds" in line.en
    with pytest.raises(KeyError, match="no message 'no_such_key'"):
        B.lazy("no_such_key")
