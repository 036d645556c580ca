"""Operator views of games: filters, seats, the read-only move log, the final result, and an
action to abandon a stuck game."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from games import services
from games.models import Game, GameResult, GameRound, IdempotencyRecord, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("seat", "user", "computer", "joined_at", "left_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ("seq", "round", "seat", "action", "card", "automatic", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("seq",)

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class ResultInline(admin.TabularInline):
    model = GameResult
    extra = 0
    fields = ("user", "seat", "won", "reason", "total", "opponent_total", "hands_won", "gins")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "variant",
        "status",
        "opponent_type",
        "difficulty",
        "created_by",
        "version",
        "scores",
        "finish_reason",
        "created_at",
        "finished_at",
    )
    list_filter = (
        "variant",
        "status",
        "opponent_type",
        "difficulty",
        "visibility",
        "created_at",
        "finished_at",
    )
    search_fields = ("id", "invite_code", "created_by__username", "seats__user__username")
    date_hierarchy = "created_at"
    list_select_related = ("created_by",)
    inlines = (SeatInline, ResultInline, MoveInline)
    actions = ("abandon",)
    exclude = ("state",)
    readonly_fields = (
        "id",
        "variant",
        "seat_count",
        "status",
        "opponent_type",
        "difficulty",
        "visibility",
        "rules",
        "turn_seconds",
        "version",
        "invite_code",
        "created_by",
        "scores",
        "round_number",
        "turn_seat",
        "turn_deadline",
        "timeouts_in_row",
        "winner_seat",
        "finish_reason",
        "rematch_of",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
        "table_melds",
        "final_result",
    )

    @admin.display(description="Table melds (rummy)")
    def table_melds(self, obj: Game) -> str:
        """The melds on the table of the round in play, one line each, oldest first (the
        stored state's ``round.table``; a meld's id is its index)."""
        table = ((obj.state or {}).get("round") or {}).get("table")
        if not table:
            return "-"
        return format_html(
            "<ol start='0'>{}</ol>",
            format_html_join(
                "",
                "<li>{} by seat {}: {}</li>",
                (
                    (meld.get("kind", "?"), meld.get("owner", "?"), " ".join(meld.get("cards", [])))
                    for meld in table
                ),
            ),
        )

    @admin.display(description="Final result")
    def final_result(self, obj: Game) -> str:
        final = (obj.state or {}).get("final")
        if not final:
            return "-"
        return format_html("<pre>{}</pre>", json.dumps(final, indent=2))

    @admin.action(description="Abandon selected games (no winner, no results)")
    def abandon(self, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        for game_id in queryset.values_list("pk", flat=True):
            services.game_abandon(game_id=game_id)
        self.message_user(request, f"Abandoned {queryset.count()} game(s).", messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(GameRound)
class GameRoundAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "dealer", "commitment", "created_at")
    search_fields = ("game__id",)
    readonly_fields = ("game", "number", "dealer", "deck", "salt", "commitment", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ("key", "user", "game", "status_code", "created_at")
    search_fields = ("key", "user__username")
    readonly_fields = ("user", "game", "key", "request_hash", "status_code", "body", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
