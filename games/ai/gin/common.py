"""Pieces of a decision that several players share."""

from __future__ import annotations

from games.ai.gin.masks import makes_meld
from games.rules.gin import Action, DrawDiscard, DrawStock, LegalAction, Pass, RoundView


def legal_by_type(rnd: RoundView) -> dict[str, LegalAction]:
    """The round's legal actions keyed by type (``"discard"``, ``"knock"``, ...)."""
    return {entry.type: entry for entry in rnd.legal_actions}


def pass_or_stock(legal: dict[str, LegalAction]) -> Action:
    """Leave the face-up card: pass on the first upcard, else draw from the stock."""
    return Pass() if "pass" in legal else DrawStock()


def draw_for_meld(
    rnd: RoundView, legal: dict[str, LegalAction], hand: int, refused: int = 0
) -> Action:
    """Take the face-up card only when it makes a meld with ``hand`` (a mask) and is not
    one of the ``refused`` cards; otherwise :func:`pass_or_stock`."""
    top = rnd.discard_pile[-1].mask if rnd.discard_pile else 0
    if top and "draw_discard" in legal and not top & refused and makes_meld(hand, top):
        return DrawDiscard()
    return pass_or_stock(legal)
