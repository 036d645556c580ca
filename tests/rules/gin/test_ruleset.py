import pytest

from games.rules.gin import RuleSet, ValidationError

DEFAULTS = {
    "knock_limit": 10, "gin_bonus": 25, "big_gin_bonus": 31, "big_gin": True,
    "undercut_bonus": 25, "target_score": 100, "game_bonus": 100, "line_bonus": 25,
    "shutout_doubles": True, "stock_floor": 2, "oklahoma": False,
}


def test_defaults_are_designs():
    assert RuleSet().to_dict() == DEFAULTS
    assert RuleSet.from_dict({}) == RuleSet() == RuleSet.from_dict(None)


def test_from_dict_overrides_and_to_dict_gives_every_key():
    rules = RuleSet.from_dict({"knock_limit": 0, "oklahoma": True, "target_score": 250})
    assert rules.to_dict() == {**DEFAULTS, "knock_limit": 0, "oklahoma": True,
                               "target_score": 250}
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("data", "keys"),
    [
        ({"knock_limit": 11}, ["knock_limit"]),
        ({"knock_limit": -1}, ["knock_limit"]),
        ({"knock_limit": True}, ["knock_limit"]),  # bools are not ints
        ({"knock_limit": 5.0}, ["knock_limit"]),
        ({"knock_limit": "5"}, ["knock_limit"]),
        ({"target_score": 0}, ["target_score"]),
        ({"target_score": 1001}, ["target_score"]),
        ({"stock_floor": 11}, ["stock_floor"]),
        ({"gin_bonus": 101}, ["gin_bonus"]),
        ({"big_gin": 1}, ["big_gin"]),  # ints are not bools
        ({"oklahoma": "yes"}, ["oklahoma"]),
        ({"shutout_doubles": None}, ["shutout_doubles"]),
        ({"colour": "red"}, ["colour"]),
        ({"colour": "red", "knock_limit": 99}, ["colour", "knock_limit"]),
    ],
)
def test_from_dict_rejects_unknown_mistyped_and_out_of_range(data, keys):
    with pytest.raises(ValidationError) as caught:
        RuleSet.from_dict(data)
    error = caught.value
    assert error.code == "validation_error"
    assert sorted(error.fields) == keys
    assert all(isinstance(m, str) for messages in error.fields.values() for m in messages)
    for key in keys:
        assert key in error.detail


def test_rules_must_be_an_object():
    with pytest.raises(ValidationError) as caught:
        RuleSet.from_dict([("knock_limit", 3)])
    assert caught.value.fields == {"rules": ["Expected an object."]}


def test_direct_construction_is_validated_too():
    with pytest.raises(ValidationError):
        RuleSet(knock_limit=12)


def test_ranges_edges_are_allowed():
    RuleSet.from_dict({"knock_limit": 0, "target_score": 1, "stock_floor": 0, "game_bonus": 0})
    RuleSet.from_dict({"knock_limit": 10, "target_score": 1000, "stock_floor": 10,
                       "game_bonus": 1000, "line_bonus": 100, "undercut_bonus": 100})
