"""Tournament write operations, one module per concern. Each public service runs in one
transaction with the tournament's row locked first (:mod:`.locking`).

* :mod:`.lifecycle` create, cancel; :mod:`.schedules` the planner
* :mod:`.entries` join (or come back), withdraw, pause, an operator's removal
* :mod:`.advance` the pairing run: results, start, pairings, the end, what comes due
* :mod:`.field` what a change loads and writes (tallies, pairings, byes, standings)
* :mod:`.setup` the settings check; :mod:`.events` the tournament's event stream
"""

from tournaments.services.advance import (
    tournament_advance,
    tournament_advance_soon,
)
from tournaments.services.entries import (
    tournament_join,
    tournament_pause,
    tournament_remove_player,
    tournament_withdraw,
)
from tournaments.services.events import tournament_channel
from tournaments.services.lifecycle import tournament_cancel, tournament_create
from tournaments.services.schedules import schedule_template_check, schedules_plan
from tournaments.services.setup import tournament_settings_check

__all__ = [
    "schedule_template_check",
    "schedules_plan",
    "tournament_advance",
    "tournament_advance_soon",
    "tournament_cancel",
    "tournament_channel",
    "tournament_create",
    "tournament_join",
    "tournament_pause",
    "tournament_remove_player",
    "tournament_settings_check",
    "tournament_withdraw",
]
