"""Random playouts of any game through its :class:`~games.rules.common.game.GameRules`
alone, for the tests every game must pass.

Actions are built from the view's JSON: a random entry of ``round.legal_actions`` made
into a body (a card of its ``cards``, an option of its ``options``, for Indian Rummy's
``declare`` a card of its ``valid_with``, or any card it may discard: a wrong show). An
entry that names no body (Rummy's ``meld``) is left to the game's absent player, which
always has a move. A game whose random moves would rarely get anywhere (Indian Rummy's
drops end a deal at once, and a valid show by chance is rare) leaves a share of the moves
to its ``easy`` computer player and drops only now and then.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from games.ai.common.players import Players
from games.ai.gin import GIN_PLAYERS
from games.ai.indian import INDIAN_PLAYERS
from games.ai.rummy import RUMMY_PLAYERS
from games.ai.rummy500 import RUMMY500_PLAYERS
from games.rules.common.game import Forfeit, GameRules, JsonObject
from games.rules.gin import GIN_RULES
from games.rules.indian import INDIAN_RULES
from games.rules.rummy import RUMMY_RULES
from games.rules.rummy500 import RUMMY500_RULES


@dataclass(frozen=True)
class Game:
    """One game of the family, as these tests play it."""

    name: str
    rules: GameRules
    players: Players
    seats: tuple[int, ...]
    quick_rules: JsonObject
    """Rules that end a game in a few rounds."""
    guided: float = 0.0
    """The share of moves its ``easy`` computer player makes (the others are random)."""

    def __str__(self) -> str:
        return self.name


GAMES = (
    Game("gin", GIN_RULES, GIN_PLAYERS, (2,), {"target_score": 40}),
    Game("rummy", RUMMY_RULES, RUMMY_PLAYERS, (2, 3, 4), {"rounds": 2, "jokers": 2}),
    Game(
        "indian",
        INDIAN_RULES,
        INDIAN_PLAYERS,
        (2, 3, 6),
        {"format": "deals", "deals": 2},
        guided=0.6,
    ),
    Game(
        "rummy500", RUMMY500_RULES, RUMMY500_PLAYERS, (2, 3, 4),
        {"rounds": 2, "jokers": 2, "top_card_free": False},
    ),
)


@dataclass
class Playout:
    """A game played to its end (or cut short), with everything the server logs."""

    first: object
    """The state after round 1's deal."""
    steps: list[tuple[int, object]] = field(default_factory=list)
    """Every ``(seat, action or Forfeit)``, in order."""
    decks: list[list[str]] = field(default_factory=list)
    """The decks of rounds 2 and later, in dealing order."""
    states: list[object] = field(default_factory=list)
    """The state after each step (and its deal, when it ended a round)."""

    @property
    def last(self) -> object:
        return self.states[-1] if self.states else self.first


def body_for(view_json: JsonObject, rng: random.Random) -> JsonObject | None:
    """An action body for a random legal action of the view, or ``None`` when the chosen
    one cannot be written from the view alone."""
    # an entry with no card to name (Rummy 500's discard while a picked card is owed)
    entries = [e for e in view_json["round"]["legal_actions"] if e.get("cards") != []]
    if any(e["type"] == "drop" for e in entries) and rng.random() < 0.9:
        entries = [e for e in entries if e["type"] != "drop"]
    entry = rng.choice(entries)
    body: JsonObject = {"type": entry["type"]}
    if "cards" in entry:
        body["card"] = rng.choice(entry["cards"])
    elif "options" in entry:
        body.update(rng.choice(entry["options"]))
    elif "valid_with" in entry:
        allowed = next(e["cards"] for e in entries if e["type"] == "discard")
        body["card"] = rng.choice(entry["valid_with"] or allowed)
    elif entry["type"] == "meld":
        return None
    return body


def play(game: Game, seats: int, seed: int, forfeits: bool = True) -> Playout:
    """A whole game from a seeded deck, every step through ``game.rules``; now and then a
    seat forfeits (at three seats or more it leaves, at two the game ends)."""
    rng = random.Random(seed)
    rules = game.rules
    settings = rules.rules_from_json(game.quick_rules)
    deck = rules.new_deck(rng, settings)
    state = rules.new_game(settings, seats=seats, dealer=rng.randrange(seats), deck=deck, salt="")
    out = Playout(state)
    for _ in range(3000):
        progress = rules.progress(state)
        if progress.is_over:
            break
        assert progress.turn is not None and not progress.awaiting_deal
        seat = progress.turn
        if forfeits and rng.random() < 0.003:
            step: object = Forfeit(rng.choice(["concede", "timeout"]))
            state = rules.concede(state, seat, step.reason)  # type: ignore[attr-defined]
        else:
            view = rules.view_for(state, seat)
            if game.guided and rng.random() < game.guided:
                step = game.players.choose(view, "easy", rng)
            else:
                body = body_for(rules.view_to_json(view), rng)
                step = (
                    rules.action_from_json(body)
                    if body is not None
                    else game.players.absent(view, rng)
                )
            state = rules.apply_action(state, step, seat)
        if rules.progress(state).awaiting_deal:
            next_deck = rules.new_deck(rng, settings)
            out.decks.append(next_deck)
            state = rules.deal_next_round(state, next_deck, "")
        out.steps.append((seat, step))
        out.states.append(state)
    return out


def playouts(seeds: int) -> Iterator[tuple[Game, int, int]]:
    """``(game, seats, seed)`` for every game and seat count, ``seeds`` seeds each."""
    for game in GAMES:
        for seats in game.seats:
            for seed in range(seeds):
                yield game, seats, seed
