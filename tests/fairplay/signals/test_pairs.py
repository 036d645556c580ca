"""Win trading and rating flow: each threshold fires at N and not at N - 1."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fairplay.signals.pairs import PairResult, RatingTransfer, rating_flow, win_trading

ANN, BOB, CY = 1, 2, 3
LIMITS = {"min_games": 10, "win_share": 0.8, "game_share": 0.5}


def games(ann_wins: int, bob_wins: int) -> list[PairResult]:
    return [PairResult(ANN, BOB)] * ann_wins + [PairResult(BOB, ANN)] * bob_wins


def test_win_trading_fires_at_the_games_together_and_not_one_below():
    assert win_trading(games(9, 0), {ANN: 9, BOB: 9}, **LIMITS) == []
    (finding,) = win_trading(games(10, 0), {ANN: 10, BOB: 10}, **LIMITS)
    assert (finding.kind, finding.user, finding.other) == ("win_trading", ANN, BOB)
    assert finding.evidence["games_together"] == 10 and finding.evidence["win_share"] == 1.0


def test_win_trading_fires_at_the_win_share_and_not_below():
    assert win_trading(games(8, 2), {ANN: 10, BOB: 10}, **LIMITS)  # 80%
    assert not win_trading(games(7, 3), {ANN: 10, BOB: 10}, **LIMITS)  # 70%
    # N - 1 at the share's own scale: 79 of 100 against 80 of 100.
    assert not win_trading(games(79, 21), {ANN: 100, BOB: 100}, **LIMITS)
    assert win_trading(games(80, 20), {ANN: 100, BOB: 100}, **LIMITS)


def test_win_trading_fires_at_the_share_of_either_players_games_and_not_below():
    # 10 games together: half of bob's 20 fires; 10 of 21 for both does not.
    assert win_trading(games(10, 0), {ANN: 100, BOB: 20}, **LIMITS)
    assert not win_trading(games(10, 0), {ANN: 21, BOB: 21}, **LIMITS)


def test_the_side_that_wins_is_the_user_whichever_id_is_lower():
    (finding,) = win_trading(games(0, 10), {ANN: 10, BOB: 10}, **LIMITS)
    assert (finding.user, finding.other) == (BOB, ANN)


def test_pairs_are_judged_apart():
    results = games(10, 0) + [PairResult(CY, ANN)] * 3
    found = win_trading(results, {ANN: 13, BOB: 10, CY: 3}, **LIMITS)
    assert [(f.user, f.other) for f in found] == [(ANN, BOB)]


def test_rating_flow_fires_above_the_points_and_not_at_them():
    flows = [RatingTransfer(ANN, BOB, 50.0)] * 3
    assert rating_flow(flows, min_points=150.0, min_games=1) == []
    (finding,) = rating_flow([*flows, RatingTransfer(ANN, BOB, 0.5)], min_points=150.0, min_games=1)
    assert (finding.user, finding.other, finding.score) == (ANN, BOB, 150.5)


def test_rating_flow_needs_the_games_together_and_fires_at_them_not_one_below():
    flows = [RatingTransfer(BOB, ANN, 200.0)] * 4
    assert rating_flow(flows, min_points=300.0, min_games=5) == []
    (finding,) = rating_flow([*flows, RatingTransfer(BOB, ANN, 1.0)], min_points=300.0, min_games=5)
    assert (finding.user, finding.other, finding.evidence["games"]) == (BOB, ANN, 5)


def test_rating_that_flows_back_is_netted():
    flows = [RatingTransfer(ANN, BOB, 100.0)] * 2 + [RatingTransfer(BOB, ANN, 60.0)]
    assert rating_flow(flows, min_points=150.0, min_games=1) == []


@given(st.lists(st.tuples(st.sampled_from([ANN, BOB, CY]), st.sampled_from([ANN, BOB, CY]))))
def test_a_finding_is_always_over_every_threshold(pairs):
    results = [PairResult(a, b) for a, b in pairs if a != b]
    played = {p: sum(p in (r.winner, r.loser) for r in results) for p in (ANN, BOB, CY)}
    for finding in win_trading(results, played, **LIMITS):
        evidence = finding.evidence
        assert evidence["games_together"] >= 10 and evidence["win_share"] >= 0.8
        assert max(evidence["share_of_winner_games"], evidence["share_of_loser_games"]) >= 0.5
