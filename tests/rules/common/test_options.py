"""Rule options: each game's options describe its rule set, and one validation serves all."""

from dataclasses import dataclass

import pytest

from games.rules.common.errors import ValidationError
from games.rules.common.game import RuleOption
from games.rules.common.options import check_options, defaults, options_from_dict, rule_options
from games.rules.gin import ruleset as gin_rules
from games.rules.rummy import ruleset as rummy_rules


@pytest.mark.parametrize("module", [gin_rules, rummy_rules], ids=["gin", "rummy"])
def test_a_games_options_are_its_rule_sets_fields_with_their_defaults(module):
    assert defaults(module.OPTIONS) == module.RuleSet().to_dict()
    assert [option.name for option in module.OPTIONS] == list(module.RuleSet().to_dict())
    for option in module.OPTIONS:
        assert option.help.endswith(".")
        if isinstance(option.default, bool):
            assert option.low is None and option.high is None
        else:
            assert option.low is not None and option.high is not None
            assert option.nullable == (option.default is None)
            assert option.default is None or option.low <= option.default <= option.high


@dataclass(frozen=True)
class _Rules:
    target: int = 100
    rounds: int | None = None
    doubles: bool = True


OPTIONS = rule_options(_Rules, {"target": (1, 500), "rounds": (1, 50)})


def test_no_rules_are_the_defaults_and_given_keys_replace_them():
    assert options_from_dict(None, OPTIONS) == {"target": 100, "rounds": None, "doubles": True}
    assert options_from_dict({"rounds": None, "target": 7}, OPTIONS)["target"] == 7


def test_every_bad_key_is_named_at_once_unknown_keys_first():
    with pytest.raises(ValidationError) as caught:
        options_from_dict({"doubles": "yes", "zz": 1, "target": True, "rounds": 51}, OPTIONS)
    assert list(caught.value.fields) == ["zz", "target", "rounds", "doubles"]
    assert caught.value.fields["target"] == ["Must be an integer from 1 to 500, not True."]
    assert caught.value.fields["rounds"] == ["Must be null or from 1 to 50, not 51."]
    assert caught.value.detail.startswith("Invalid rules: doubles: Must be true or false")


@pytest.mark.parametrize("data", [[], "x", 3])
def test_rules_must_be_an_object(data):
    with pytest.raises(ValidationError) as caught:
        options_from_dict(data, OPTIONS)
    assert caught.value.fields == {"rules": ["Expected an object."]}


def test_a_choice_option_takes_one_of_its_values():
    options = (*OPTIONS, RuleOption("format", "pool", choices=("pool", "deals")))
    check_options({**defaults(options), "format": "deals"}, options)
    with pytest.raises(ValidationError) as caught:
        check_options({**defaults(options), "format": "x"}, options)
    assert caught.value.fields == {"format": ["Must be one of pool, deals, not 'x'."]}
