from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from core.exceptions import register_error_translation
        from games.services import rematch_refusal_register
        from games.signals import game_finished

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .errors import tournament_error_to_http
        from .formats import TournamentError
        from .receivers import on_game_finished, refuse_rematch

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.on_game_finished")
        rematch_refusal_register("tournaments", refuse_rematch)
        register_error_translation(TournamentError, tournament_error_to_http)
