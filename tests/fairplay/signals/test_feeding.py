"""Feeding and soft play at tables of three or more."""

from __future__ import annotations

from fairplay.signals.feeding import Chance, FinishChance, feeding, soft_play
from fairplay.signals.stats import two_proportion_z

ANN, BOB, CY, DI = 1, 2, 3, 4


def chances(giver: int, taker: int, tries: int, taken: int) -> list[Chance]:
    return [Chance(giver, taker, n < taken) for n in range(tries)]


def honest_baseline() -> list[Chance]:
    return chances(ANN, CY, 200, 20) + chances(ANN, DI, 200, 20)


def test_a_fed_player_takes_far_more_of_one_players_discards():
    found = feeding(honest_baseline() + chances(ANN, BOB, 60, 30), min_chances=40, min_z=4.0)
    assert [(f.kind, f.user, f.other) for f in found] == [("feeding", BOB, ANN)]
    assert found[0].evidence["taken"] == 30 and found[0].evidence["others_taken"] == 40


def test_feeding_needs_the_chances_and_fires_at_them_not_one_below():
    assert feeding(honest_baseline() + chances(ANN, BOB, 39, 30), min_chances=40, min_z=4.0) == []
    assert feeding(honest_baseline() + chances(ANN, BOB, 40, 30), min_chances=40, min_z=4.0)


def test_feeding_fires_at_the_z_score_and_not_below():
    rows = honest_baseline() + chances(ANN, BOB, 60, 30)
    z = two_proportion_z(30, 60, 40, 400)
    assert feeding(rows, min_chances=40, min_z=z)
    assert not feeding(rows, min_chances=40, min_z=z + 1e-9)


def test_a_neighbour_who_takes_as_often_as_the_others_is_not_fed():
    rows = honest_baseline() + chances(ANN, BOB, 200, 21)
    assert feeding(rows, min_chances=40, min_z=4.0) == []


def soft(player: int, mate: int, tries: int, declined: int) -> list[FinishChance]:
    return [FinishChance(player, frozenset({mate, DI}), n < declined) for n in range(tries)]


def test_a_player_who_spares_one_table_mate_is_found():
    rows = soft(BOB, ANN, 10, 8) + soft(BOB, CY, 40, 2)
    found = soft_play(rows, min_chances=8, min_z=3.0)
    assert [(f.kind, f.user, f.other) for f in found] == [("soft_play", BOB, ANN)]


def test_soft_play_needs_the_chances_and_fires_at_them_not_one_below():
    rows = soft(BOB, ANN, 8, 8) + soft(BOB, CY, 40, 0)
    assert soft_play(rows, min_chances=8, min_z=3.0)
    assert not soft_play(rows[1:], min_chances=8, min_z=3.0)


def test_soft_play_fires_at_the_z_score_and_not_below():
    rows = soft(BOB, ANN, 10, 8) + soft(BOB, CY, 40, 2)
    z = two_proportion_z(8, 10, 2, 40)
    assert soft_play(rows, min_chances=8, min_z=z)
    assert not soft_play(rows, min_chances=8, min_z=z + 1e-9)


def test_z_is_zero_without_tries_or_without_variation():
    assert two_proportion_z(0, 0, 3, 10) == 0.0
    assert two_proportion_z(5, 5, 10, 10) == 0.0
