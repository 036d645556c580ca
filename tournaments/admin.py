"""Operator views: create and cancel tournaments, schedule recurring ones, remove a player
(their games conceded, the standings rebuilt). Every change goes through the services,
with the same checks as the API."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from core.exceptions import ApplicationError
from tournaments import services
from tournaments.models import (
    Entry,
    Pairing,
    Schedule,
    Tournament,
    TournamentStatus,
)
from tournaments.services.schedules import schedule_rule

SETTINGS_FIELDS = (
    "name",
    "format",
    "variant",
    "rules",
    "table_size",
    "starts_at",
    "duration_minutes",
    "rounds",
    "round_minutes",
    "best_of",
    "capacity",
    "min_players",
    "duplicate",
    "turn_seconds",
    "min_rated_games",
    "min_rating",
    "max_rating",
    "private",
)


def _form_errors(form: forms.BaseForm, exc: ApplicationError) -> None:
    fields = exc.fields or {}
    placed = False
    for name, errors in fields.items():
        target = name.split(".")[0]
        if target in form.fields:
            form.add_error(target, errors)
            placed = True
    if not placed:
        form.add_error(None, exc.detail)


class TournamentForm(forms.ModelForm):
    """A new tournament's settings, checked as ``POST /tournaments`` checks them."""

    rules = forms.JSONField(required=False, help_text="Rule options; {} for the defaults.")

    class Meta:
        model = Tournament
        fields = SETTINGS_FIELDS

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        given = {k: v for k, v in data.items() if v is not None and v != ""}
        if not given.get("rules"):
            given["rules"] = {}
        try:
            self.checked = services.tournament_settings_check(given, by_staff=True)
        except ApplicationError as exc:
            _form_errors(self, exc)
        self.given = given
        return data


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = (
        "rank",
        "user",
        "departed_name",
        "score",
        "streak",
        "games",
        "withdrawn",
        "paused",
        "removed",
    )
    readonly_fields = fields
    can_delete = False
    ordering = ("rank", "id")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = (
        "name",
        "format",
        "variant",
        "status",
        "starts_at",
        "current_round",
        "created_by",
        "schedule",
        "created_at",
    )
    list_filter = ("format", "variant", "status", "private", "schedule")
    search_fields = ("id", "name", "invite_code")
    date_hierarchy = "created_at"
    list_select_related = ("created_by", "schedule")
    actions = ("cancel", "advance")
    inlines = (EntryInline,)

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None) -> Any:
        if obj is None:
            return ()
        return [f.name for f in Tournament._meta.fields]

    def get_fields(self, request: HttpRequest, obj: Tournament | None = None) -> Any:
        if obj is None:
            return SETTINGS_FIELDS
        return [f.name for f in Tournament._meta.fields]

    def get_inlines(self, request: HttpRequest, obj: Tournament | None) -> Any:
        return (EntryInline,) if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if change:
            return  # a tournament's settings do not change once it exists
        created = services.tournament_create(data=form.given, by=request.user)  # type: ignore[arg-type]
        obj.pk = created.pk
        obj._state.adding = False

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        return

    @admin.action(description="Cancel the selected tournaments")
    def cancel(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        done = 0
        for tournament in queryset.exclude(
            status__in=(TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
        ):
            services.tournament_cancel(tournament_id=tournament.pk, by=None)
            done += 1
        self.message_user(request, f"Cancelled {done} tournament(s).", messages.SUCCESS)

    @admin.action(description="Run the selected tournaments' pairing now")
    def advance(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament_id in queryset.values_list("pk", flat=True):
            services.tournament_advance(tournament_id=tournament_id)
        self.message_user(request, "Done.", messages.SUCCESS)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = (
        "tournament",
        "rank",
        "user",
        "departed_name",
        "score",
        "games",
        "withdrawn",
        "paused",
        "removed",
    )
    list_filter = ("removed", "withdrawn", "paused")
    search_fields = ("user__username", "tournament__name", "tournament__id")
    list_select_related = ("tournament", "user")
    actions = ("remove",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(
        description="Remove the selected players (concede their games, rebuild the standings)"
    )
    def remove(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        for entry in queryset.filter(removed=False, user__isnull=False):  # not the departed
            assert entry.user_id is not None
            services.tournament_remove_player(
                tournament_id=entry.tournament_id, user_id=entry.user_id
            )
        self.message_user(request, "Removed.", messages.SUCCESS)


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "table", "game", "status", "ended_at")
    list_filter = ("status",)
    search_fields = ("tournament__name", "tournament__id", "game__id")
    list_select_related = ("tournament",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ScheduleForm(forms.ModelForm):
    """A schedule's times and template, checked as the planner will use them."""

    class Meta:
        model = Schedule
        fields = ("name", "cadence", "minute", "hour", "weekday", "timezone", "template", "active")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            schedule_rule(Schedule(**{k: v for k, v in data.items() if k != "template"}))
            services.schedule_template_check(data.get("template"), name=data.get("name"))
        except ApplicationError as exc:
            _form_errors(self, exc)
            if not self.errors:
                self.add_error("template", exc.detail)
        return data


@admin.register(Schedule)
class ScheduleAdmin(admin.ModelAdmin):
    form = ScheduleForm
    list_display = ("name", "cadence", "minute", "hour", "weekday", "timezone", "active")
    list_filter = ("cadence", "active")
    actions = ("plan",)

    @admin.action(description="Plan the next 24 hours now (every schedule)")
    def plan(self, request: HttpRequest, queryset: QuerySet[Schedule]) -> None:
        created = services.schedules_plan()
        self.message_user(request, f"Created {len(created)} tournament(s).", messages.SUCCESS)
