"""Admin: periods and standings are read-only (derived data); ratings per user and variant."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from . import services
from .models import Period, PlayerRating, RatedGame, Standing


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Period)
class PeriodAdmin(ReadOnlyAdmin):
    list_display = ("kind", "start", "end", "players", "refreshed_at", "closed_at")
    list_filter = ("kind", ("closed_at", admin.EmptyFieldListFilter))
    date_hierarchy = "start"
    actions = ("recompute",)

    @admin.action(description="Recompute the standings of the selected open periods")
    def recompute(self, request: HttpRequest, queryset: QuerySet[Period]) -> None:
        refreshed = skipped = 0
        for period in queryset.order_by("pk"):
            if services.standings_refresh(period_id=period.pk):
                refreshed += 1
            else:
                skipped += 1
        self.message_user(request, f"Recomputed {refreshed} period(s).", messages.SUCCESS)
        if skipped:
            self.message_user(
                request, f"Skipped {skipped} closed period(s): they are frozen.", messages.WARNING
            )


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = (
        "period",
        "variant",
        "category",
        "rank",
        "user",
        "score",
        "wins",
        "games",
        "reached_at",
    )
    list_filter = ("variant", "category", "period__kind")
    search_fields = ("user__username",)
    list_select_related = ("period", "user")
    ordering = ("-period__start", "variant", "category", "rank")


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = (
        "user",
        "variant",
        "rating",
        "rating_deviation",
        "volatility",
        "games",
        "updated_at",
    )
    list_filter = ("variant",)
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("variant", "-rating")


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnlyAdmin):
    list_display = ("game", "applied", "rated_at")
    list_filter = ("applied",)
    readonly_fields = ("game", "applied", "changes", "rated_at")
