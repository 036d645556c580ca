"""The fixed baseline player, and a uniformly random player, used as yardsticks.

The baseline is written once and never tuned: every figure in ``docs/ai.md`` is measured
against it. Its definition:

* Draw: take the face-up card (on the first turn, the first upcard) only when it forms a
  meld with the hand; otherwise draw from the stock (on the first upcard: pass).
* Discard: uniformly at random among the cards whose discard leaves the least deadwood,
  never the card just taken from the discard pile.
* Knock as soon as that least deadwood is at most the knock limit (gin at 0, big gin when
  all 11 cards meld), with the least-deadwood meld arrangement (the rules' default).
"""

from __future__ import annotations

import random

from games.ai.masks import card_of, makes_meld, mask_of_cards
from games.rules import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
    PlayerView,
    deadwood_mask,
    expand_legal_actions,
)


def baseline_action(view: PlayerView, rng: random.Random) -> Action:
    """The baseline player's action for the seat of ``view`` (see the module docstring)."""
    rnd = view.round
    legal = {entry.type: entry for entry in rnd.legal_actions}
    if not legal:
        raise ValueError("The baseline player was asked to act when it may not.")
    hand = mask_of_cards(rnd.hand)
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
    top = rnd.discard_pile[-1] if rnd.discard_pile else None
    takes = top is not None and "draw_discard" in legal and makes_meld(hand, top.mask)
    if takes:
        return DrawDiscard()
    if "pass" in legal:
        return Pass()
    return DrawStock()


def random_action(view: PlayerView, rng: random.Random) -> Action:
    """A uniformly random legal action (knocks with the default arrangement)."""
    actions = expand_legal_actions(view.round.legal_actions)
    if not actions:
        raise ValueError("The random player was asked to act when it may not.")
    return rng.choice(actions)
