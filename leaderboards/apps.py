from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = "Leaderboards"

    def ready(self) -> None:
        from games.signals import game_finished

        from .receivers import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="leaderboards.on_game_finished")
