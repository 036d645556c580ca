"""What a player reads about a rule and a sanction: plain words, no thresholds."""

from __future__ import annotations

from .models import SanctionKind, SignalKind

RULES: dict[str, str] = {
    SignalKind.EARLY_FORFEITS: (
        "Several of your recent games ended with a player conceding or running out of time "
        "almost at once. Such games are unrated; giving games away, or taking them, to move "
        "ratings or boards is not allowed."
    ),
    SignalKind.WIN_TRADING: (
        "You and another account played each other again and again, one side nearly always "
        "winning. Trading wins to move ratings or boards is not allowed."
    ),
    SignalKind.RATING_FLOW: (
        "Rating kept flowing between your account and another one. Passing rating from one "
        "account to another is not allowed."
    ),
    SignalKind.SHARED_DEVICE: (
        "You played another account from the same device. One person, one account; games "
        "between accounts on one device are unrated."
    ),
    SignalKind.SHARED_NETWORK: "You played another account from the same network.",
    SignalKind.FEEDING: (
        "At multi-player tables you took one player's discards far more often than anyone "
        "else did. Playing for another player at the table is not allowed."
    ),
    SignalKind.SOFT_PLAY: (
        "At multi-player tables you passed up going out when one particular player was at "
        "the table. Sparing another player is not allowed."
    ),
    SignalKind.REGULAR_TIMING: (
        "Your moves came at machine-regular intervals. Letting a program play for you is "
        "not allowed."
    ),
    SignalKind.LONG_HOURS: (
        "Your account played nearly around the clock. Letting a program play for you is not "
        "allowed."
    ),
    SignalKind.ENGINE_AGREEMENT: (
        "Your moves matched a computer player's far more often than a person's do. Playing "
        "with the help of a program is not allowed."
    ),
    SignalKind.SITTING: (
        "You let the turn timer run out in games you were losing, more than once. Please "
        "concede a game you do not want to finish: your opponents are waiting."
    ),
    SignalKind.REPORT: "Players reported your play, and staff reviewed it.",
}

SANCTIONS: dict[str, str] = {
    SanctionKind.WARN: "A warning: nothing changes for now; please read the rule.",
    SanctionKind.UNRATED_ONLY: (
        "Your games are unrated: they count for no rating, no leaderboard and no profile "
        "statistics."
    ),
    SanctionKind.TOURNAMENT_BAN: "You may not enter tournaments.",
    SanctionKind.PLAYBAN: (
        "You may not play other people (create or join a table, or a rematch) until the "
        "ban ends. You can still play the computer."
    ),
    SanctionKind.MARK: (
        "Your account is marked for unfair play: your recent games no longer count, the "
        "rating your opponents lost to you was given back, you were withdrawn from "
        "tournaments, and your games are unrated."
    ),
}

APPEAL = (
    "If you think this is a mistake, tell us why with POST /me/fair-play/appeal "
    '{"sanction": <id>, "text": "..."}; a member of staff reads every appeal and answers '
    "here."
)


def rule_text(rule: str) -> str:
    """The rule, in words a player reads."""
    return RULES.get(rule, "A fair-play rule.")
