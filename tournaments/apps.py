from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from django.db.models.signals import pre_delete

        from accounts.models import User
        from accounts.signals import guest_removing
        from core.exceptions import register_error_translation
        from fairplay.hooks import player_marked
        from games.services import rematch_refusal_register
        from games.signals import game_finished

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .errors import tournament_error_to_http
        from .formats import TournamentError
        from .receivers import (
            on_game_finished,
            on_guest_removing,
            on_player_marked,
            on_user_deleting,
            refuse_rematch,
        )

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.on_game_finished")
        # A player whose account goes leaves the tournaments not over the way a player
        # withdraws, and stays in the others under the name they had.
        guest_removing.connect(on_guest_removing, dispatch_uid="tournaments.on_guest_removing")
        pre_delete.connect(
            on_user_deleting, sender=User, dispatch_uid="tournaments.on_user_deleting"
        )
        # A player fair play marks leaves the tournaments under way and loses their places
        # in those they played of late.
        player_marked.connect(on_player_marked, dispatch_uid="tournaments.on_player_marked")
        rematch_refusal_register("tournaments", refuse_rematch)
        register_error_translation(TournamentError, tournament_error_to_http)
