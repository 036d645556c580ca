"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system"), pure Python.

Ratings are on the Glicko scale (1500 / 350); the update works on the Glicko-2 scale
(``mu = (r - 1500) / 173.7178``, ``phi = RD / 173.7178``). This project rates every game as
its own rating period: every player is updated from the others' ratings *before* the game,
with one result per opponent (a Rummy table of four gives each player three results in
that one period; see docs/leaderboards.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
"""System constant: how much the volatility may change (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration."""


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = DEFAULT_RATING
    """Glicko-scale rating (1500 for a new player)."""
    deviation: float = DEFAULT_DEVIATION
    """Rating deviation RD (350 for a new player; lower means more certain)."""
    volatility: float = DEFAULT_VOLATILITY
    """Expected fluctuation of the rating (sigma)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    opponent: Rating
    score: float
    """1 for a win, 0 for a loss (0.5 for a draw, which Gin Rummy games never are)."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, outcomes: list[Outcome], *, tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``outcomes``.

    With no games the deviation grows (step 6 only): ``phi' = sqrt(phi^2 + sigma^2)``.
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not outcomes:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, phi_star * SCALE, sigma)

    v_inverse = 0.0
    improvement = 0.0
    for outcome in outcomes:
        mu_j = (outcome.opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = outcome.opponent.deviation / SCALE
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1.0 - expected)
        improvement += g * (outcome.score - expected)
    v = 1.0 / v_inverse
    delta = v * improvement

    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new)
