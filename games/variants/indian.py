"""Indian Rummy (docs/games/indian-rummy.md): two to six seats, 13 cards, two decks and jokers; the
points, pool and deals formats."""

from __future__ import annotations

from games.ai.indian import INDIAN_PLAYERS
from games.ai.indian.simulate import CONTEST
from games.rules.indian import INDIAN_RULES, Action, GameState, PlayerView
from games.variants.base import Variant

INDIAN: Variant[GameState, Action, PlayerView] = Variant(
    name="indian",
    label="Indian Rummy",
    min_seats=2,
    max_seats=6,
    rules=INDIAN_RULES,
    players=INDIAN_PLAYERS,
    contest=CONTEST,
    # docs/games/indian-rummy.md: a player who concedes or forfeits at a table of three or more
    # drops at the
    # highest drop cost and leaves; no computer takes the seat (its rules give it no turn).
    leaver_stand_in=None,
    # docs/games/indian-rummy.md: the card a declaration puts face down goes to no one; its groups
    # are shown.
    secret_action_keys=(("declare", "card"),),
    # Its Medium takes about 5 ms a move, the others' well under 1 ms: a round played out
    # costs about 0.1 s, so a review takes half the worlds.
    review_worlds=16,
)
