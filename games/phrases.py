"""Quick-chat phrases: a fixed list, so there is no free text to moderate.

Ids are stable (clients may translate by id); texts may be reworded.
"""

PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "well_played": "Well played!",
    "nice_one": "Nice one!",
    "thanks": "Thanks!",
    "oops": "Oops!",
    "thinking": "Let me think…",
    "hurry": "Your turn!",
    "good_game": "Good game!",
    "rematch": "Rematch?",
    "bye": "Bye!",
}
