from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts.signals import guest_removing, tokens_revoked
        from accounts.stats import stats_register
        from core.exceptions import register_error_translation

        from . import tasks  # noqa: F401  (registers the tasks services queue by name)
        from .errors import rules_error_to_http
        from .live import notify
        from .selectors import player_stats
        from .services.guests import on_guest_removing
        from .variants import RulesError

        stats_register("games", player_stats)
        # A revoked token ends its open streams at once, not at their next recheck.
        tokens_revoked.connect(notify.on_tokens_revoked, dispatch_uid="games.live.notify.revoked")
        # A guest removed for disuse takes the games only they played with it.
        guest_removing.connect(on_guest_removing, dispatch_uid="games.services.guests")
        register_error_translation(RulesError, rules_error_to_http)
