from django.apps import AppConfig


class FairplayConfig(AppConfig):
    name = "fairplay"
    verbose_name = "Fair play"

    def ready(self) -> None:
        from games.signals import game_finished, game_rating_check, player_seating

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .receivers import on_game_finished, on_game_rating_check, on_player_seating

        game_rating_check.connect(on_game_rating_check, dispatch_uid="fairplay.rating_check")
        player_seating.connect(on_player_seating, dispatch_uid="fairplay.seating")
        game_finished.connect(on_game_finished, dispatch_uid="fairplay.game_finished")
