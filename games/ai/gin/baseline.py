"""The fixed baseline player, and a uniformly random player, used as yardsticks.

The baseline is written once and never tuned: every figure in ``docs/ai.md`` is measured
against it. Its definition:

* Draw: take the face-up card (on the first turn, the first upcard) only when it forms a
  meld with the hand; otherwise draw from the stock (on the first upcard: pass).
* Discard: uniformly at random among the cards whose discard leaves the least deadwood,
  never the card just taken from the discard pile.
* Knock as soon as that least deadwood is at most the knock limit (gin at 0, big gin when
  all 11 cards meld), with the least-deadwood meld arrangement (the rules' default).

The absent player (:func:`absent_action`, what the turn timer plays for a person who ran
out of time) is the baseline kept to drawing and discarding.
"""

from __future__ import annotations

import random

from games.ai.gin.common import draw_for_meld, legal_by_type
from games.ai.gin.masks import card_of
from games.rules.gin import (
    Action,
    BigGin,
    Discard,
    Knock,
    Pass,
    Phase,
    PlayerView,
    deadwood_mask,
    deadwood_value,
    expand_legal_actions,
    mask_of,
)


def baseline_action(view: PlayerView, rng: random.Random) -> Action:
    """The baseline player's action for the seat of ``view`` (see the module docstring)."""
    rnd = view.round
    legal = legal_by_type(rnd)
    if not legal:
        raise ValueError("The baseline player was asked to act when it may not.")
    hand = mask_of(rnd.hand)
    if "big_gin" in legal:
        return BigGin()
    if "discard" in legal:
        choices = legal["discard"].cards or ()
        least = 1 << 30
        best: list[int] = []
        for card in choices:
            deadwood = deadwood_mask(hand ^ card.mask)
            if deadwood < least:
                least, best = deadwood, [card.mask]
            elif deadwood == least:
                best.append(card.mask)
        card = card_of(rng.choice(best))
        if "knock" in legal and least <= rnd.knock_limit:
            return Knock(card)
        return Discard(card)
    return draw_for_meld(rnd, legal, hand)


def random_action(view: PlayerView, rng: random.Random) -> Action:
    """A uniformly random legal action (knocks with the default arrangement)."""
    actions = expand_legal_actions(view.round.legal_actions)
    if not actions:
        raise ValueError("The random player was asked to act when it may not.")
    return rng.choice(actions)


def absent_action(view: PlayerView, rng: random.Random) -> Action:
    """The baseline player's choice for an absent player, kept to draw-and-discard: the
    server passes the first upcard, draws and discards, but never knocks for anyone."""
    if view.round.phase == Phase.FIRST_UPCARD:
        return Pass()
    action = baseline_action(view, rng)
    if isinstance(action, Knock):
        return Discard(action.card)
    if isinstance(action, BigGin):
        cards = next(a.cards for a in view.round.legal_actions if a.type == "discard")
        assert cards
        hand = list(view.round.hand)
        return Discard(
            min(cards, key=lambda c: (deadwood_value([h for h in hand if h != c]), str(c)))
        )
    return action
