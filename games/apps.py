from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts.stats import stats_register

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .selectors import player_stats

        stats_register("games", player_stats)
