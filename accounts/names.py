"""Names players choose: what a display name must show, and the reserved names.

A display name must show something and may not smear over its neighbours: it needs one
visible character (a letter, digit, punctuation or symbol), may not hold the characters
that draw nothing although they are letters or symbols (the Hangul fillers, the blank
Braille pattern), and carries at most :data:`MAX_MARKS_PER_CHARACTER` combining marks on
one character, none on nothing or on a blank (the "zalgo" stacks).

Reserved names (``ACCOUNTS_RESERVED_NAMES``: staff titles, the system, the computer players
and their levels, words clients print for "no value") may not be a player's username or
display name, and the reserved words (``ACCOUNTS_RESERVED_NAME_WORDS``: the titles of
authority) may not be one of a name's words either ("System (official)" with a Cyrillic
"S", U+0405). Both are compared on confusable skeletons (:func:`skeletons`): NFKC, case
folded, diacritics dropped, and each character replaced by one fixed member of its class
of confusables in Unicode's confusables data (UTS #39, as the ``confusable-homoglyphs``
package ships it), so ``admin`` with a Cyrillic ``a`` (U+0430), in fullwidth letters
(U+FF21...) or ``r00t`` all count. The skeletons are then folded once more
(:func:`lookalike_fold`): Unicode's data pairs a capital ``I`` with ``l`` but leaves a
small ``i`` alone, and knows ``rn`` for ``m`` but not ``vv`` for ``w`` or ``cl`` for ``d``,
so ``ADMlN``, ``Adm1n``, ``OFFlClAL`` or ``rnoderator`` would pass where ``ADMIN`` does
not. A whole name matches a reserved name with everything but letters and digits left out
(``Ad-Min!``); words are the runs of letters (``The Moderator``), so ``Badminton`` or
``Rooted`` stay fine.

Names chosen before these rules are kept; the rules apply when a name is chosen through the
API (the admin and ``manage.py createsuperuser`` may still name staff accounts freely).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from confusable_homoglyphs import confusables
from django.conf import settings

MAX_MARKS_PER_CHARACTER = 3
"""Combining marks one character may carry: enough for Vietnamese, Thai, Hebrew points or
Devanagari, far too few for a stack that covers the lines around it."""

INVISIBLE_CHARACTERS = frozenset(
    {
        "\u115f",  # HANGUL CHOSEONG FILLER
        "\u1160",  # HANGUL JUNGSEONG FILLER (NFKC of U+3164 and U+FFA0)
        "\u3164",  # HANGUL FILLER
        "\uffa0",  # HALFWIDTH HANGUL FILLER
        "\u2800",  # BRAILLE PATTERN BLANK
    }
)
"""Letters and symbols that draw nothing (the first four are Unicode's Default_Ignorable
letters): refused anywhere in a display name, as blanks and format characters are."""

_VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def display_name_problem(
    name: str, *, what: str = "display name", reserved: bool = True
) -> str | None:
    """What is wrong with an NFKC-normalised, stripped, non-empty display name, as a
    sentence for the player; None when it shows something and claims no reserved name.

    The same rules hold for every other name a player writes that others see (a
    tournament's): ``what`` names it in the sentences, and ``reserved=False`` leaves out
    the reserved names and words (a name staff write)."""
    names = f"{what[:1].upper()}{what[1:]}s"
    marks = 0
    base_is_blank = True
    for char in name:
        if char in INVISIBLE_CHARACTERS:
            return f"{names} may not contain invisible characters (found U+{ord(char):04X})."
        if unicodedata.category(char).startswith("M"):
            if base_is_blank:
                return f"{names} may not have accents or marks on nothing or on a blank."
            marks += 1
            if marks > MAX_MARKS_PER_CHARACTER:
                return (
                    f"{names} may carry at most {MAX_MARKS_PER_CHARACTER} accents or "
                    "marks on one character."
                )
        else:
            marks = 0
            base_is_blank = char.isspace()
    if not any(unicodedata.category(char).startswith(_VISIBLE_CATEGORIES) for char in name):
        return f"{names} need at least one visible character."
    if not reserved:
        return None
    return reserved_name_problem(name, what=what)


def reserved_name_problem(name: str, *, what: str) -> str | None:
    """A sentence when ``name`` is, or (for a display name) has a word that is, reserved."""
    keys = _compared(name)
    names = _reserved(tuple(settings.ACCOUNTS_RESERVED_NAMES))
    if any(_letters_and_digits(key) in names for key in keys):
        return f"That {what} is reserved."
    words = _reserved(tuple(settings.ACCOUNTS_RESERVED_NAME_WORDS))
    if any(word in words for key in keys for word in re.findall(r"[^\W\d_]+", key)):
        return f"That {what} contains a reserved word."
    return None


LOOKALIKE_CHARACTERS = str.maketrans(
    {
        "i": "l",  # and so I, 1, | (Unicode's data already takes those to l)
        "0": "o",
        "5": "s",
        "8": "b",
        "2": "z",
    }
)
"""Characters of a skeleton that pass for another at a glance, folded into one of them."""

LOOKALIKE_SEQUENCES = {"rn": "m", "vv": "w", "cl": "d"}
"""Pairs of letters that pass for one, folded into it (after :data:`LOOKALIKE_CHARACTERS`,
so ``cI`` and ``c1`` are ``d`` too)."""

_SEQUENCE = re.compile("|".join(LOOKALIKE_SEQUENCES))


def lookalike_fold(key: str) -> str:
    """A skeleton (:func:`skeletons`) with the ASCII look-alikes that Unicode's data leaves
    apart folded together: ``i``, ``l``, ``1``, ``I`` and ``|`` are one letter, ``0`` is
    ``o``, ``5`` ``s``, ``8`` ``b``, ``2`` ``z``, and ``rn``, ``vv`` and ``cl`` are ``m``,
    ``w`` and ``d``. For comparing names with reserved ones only: ``Ian`` and ``lan``
    become the same key, which matters only where that key is reserved."""
    return _SEQUENCE.sub(
        lambda found: LOOKALIKE_SEQUENCES[found.group()], key.translate(LOOKALIKE_CHARACTERS)
    )


def _compared(text: str) -> frozenset[str]:
    """The keys a name is compared on: its skeletons, folded (:func:`lookalike_fold`)."""
    return frozenset(lookalike_fold(key) for key in skeletons(text))


def skeletons(text: str) -> frozenset[str]:
    """``text`` as confusable skeletons, for comparing names only (never for display):
    NFKC, diacritics dropped, each character replaced by its confusable class's
    representative and case folded, repeated until stable (a representative may fold
    again: ``0`` is ``O``, which folds to ``o``). Unicode's data is case-sensitive and
    names are not, so there are two: one folding case before the first look-up (``I`` is
    ``i``), one after it (a Greek capital rho, U+03A1, is ``P``, so ``p``)."""
    return frozenset(_skeleton(text, fold_first=fold_first) for fold_first in (True, False))


def _skeleton(text: str, *, fold_first: bool) -> str:
    current = unicodedata.normalize("NFKC", text)
    if fold_first:
        current = current.casefold()
    for _ in range(4):
        decomposed = unicodedata.normalize("NFD", current)
        unmarked = (c for c in decomposed if not unicodedata.category(c).startswith("M"))
        folded = "".join(_representative(char) for char in unmarked).casefold()
        if folded == current:
            break
        current = folded
    return current


def _letters_and_digits(text: str) -> str:
    return "".join(char for char in text if char.isalnum())


def _neighbours(char: str) -> set[str]:
    """The single characters Unicode's confusables data pairs ``char`` with."""
    found = confusables.is_confusable(char, greedy=True)
    if not found:
        return set()
    return {glyph["c"] for glyph in found[0]["homoglyphs"] if len(glyph["c"]) == 1}


def _preference(char: str) -> tuple[int, int]:
    if char.isascii() and char.islower():
        rank = 0
    elif char.isascii() and char.isupper():
        rank = 1
    elif char.isascii() and char.isdigit():
        rank = 2
    elif char.isascii():
        rank = 3
    else:
        rank = 4
    return rank, ord(char)


@functools.lru_cache(maxsize=4096)
def _representative(char: str) -> str:
    """One fixed member of ``char``'s confusable class (a plain ASCII letter where the
    class has one). The data pairs each character with its prototype both ways, so the
    class is the character, its pairs, and their pairs."""
    neighbours = _neighbours(char)
    if not neighbours:
        return char
    members = {char, *neighbours}
    for neighbour in neighbours:
        members |= _neighbours(neighbour)
    return min(members, key=_preference)


@functools.lru_cache(maxsize=8)
def _reserved(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_letters_and_digits(key) for name in names for key in _compared(name))
