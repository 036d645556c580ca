from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = "Leaderboards"

    def ready(self) -> None:
        from accounts.stats import stats_register
        from games.signals import game_finished

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .receivers import on_game_finished
        from .selectors import profile_ratings

        game_finished.connect(on_game_finished, dispatch_uid="leaderboards.on_game_finished")
        stats_register("leaderboards", profile_ratings)
