"""Every rule option says in words what it decides and what each of its values means (for pickers)."""

import pytest

from cardlib import OptionError
from cardlib.alkort import AlkortOptions
from cardlib.ecarte import EcarteOptions
from cardlib.tricks import RuleOptions

OPTION_CLASSES: list[type[RuleOptions]] = [AlkortOptions, EcarteOptions]
EVERY_OPTION = [(cls, name) for cls in OPTION_CLASSES for name in cls.describe()]


@pytest.mark.parametrize("cls, name", EVERY_OPTION, ids=[f"{c.game}-{n}" for c, n in EVERY_OPTION])
def test_every_option_has_a_heading_and_words_for_every_value(cls: type[RuleOptions], name: str) -> None:
    heading = cls.option_heading(name)
    assert heading and heading[0].isupper() and heading[-1] not in ":." and len(heading) <= 45
    words = cls.value_words(name)
    choices = cls.describe()[name]
    if choices is None:  # any positive whole number: the number says it all
        assert words == {}
    else:
        assert list(words) == list(choices)
        assert all(isinstance(w, str) and w.strip() and w == w.strip() for w in words.values())
        assert len(set(words.values())) == len(words), "two values may not read the same"


def test_the_words_of_lead_rule() -> None:
    assert AlkortOptions.option_heading("lead_rule") == "Who leads the next trick"
    assert AlkortOptions.value_words("lead_rule") == {"winner": "the winner", "rotate": "the next player in turn"}
    assert EcarteOptions.value_words("deal_packets")[(3, 2)] == "3 cards, then 2"
    assert EcarteOptions.value_words("target_score") == {}


def test_the_words_are_a_copy() -> None:
    AlkortOptions.value_words("lead_rule")["winner"] = "changed"
    assert AlkortOptions.value_words("lead_rule")["winner"] == "the winner"


@pytest.mark.parametrize("cls", OPTION_CLASSES)
def test_an_unknown_option_is_refused_naming_it(cls: type[RuleOptions]) -> None:
    with pytest.raises(OptionError, match="'bogus'.*target_score"):
        cls.option_heading("bogus")
    with pytest.raises(OptionError, match="'bogus'"):
        cls.value_words("bogus")
