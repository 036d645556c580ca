"""Staff's views of fair play: signals (filtered by kind and status, the evidence readable,
one action to warn, ban or mark -- with who did it and why), sanctions, reports, appeals
and refunds."""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from accounts.models import User

from . import services
from .models import (
    Appeal,
    AppealStatus,
    RatingRefund,
    Report,
    ReviewStatus,
    Sanction,
    SanctionKind,
    Signal,
    SignalStatus,
)


class DecisionForm(ActionForm):
    """The actions bar's fields: why (required by the actions that decide), and how long."""

    note = forms.CharField(required=False, label="Why", max_length=2000)
    minutes = forms.IntegerField(required=False, min_value=1, label="Ban minutes")
    days = forms.IntegerField(required=False, min_value=1, label="Days")


def _decision(request: HttpRequest) -> tuple[str, int | None, int | None]:
    form = DecisionForm(request.POST)
    form.is_valid()
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    return data.get("note") or "", data.get("minutes"), data.get("days")


def _staff(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _resolve(
    admin_view: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet, action: str
) -> None:
    note, minutes, days = _decision(request)
    if not note:
        admin_view.message_user(request, "Say why in the “Why” field.", messages.ERROR)
        return
    done = 0
    for signal in queryset.filter(status=SignalStatus.OPEN):
        services.signal_resolve(
            signal_id=signal.pk,
            staff=_staff(request),
            action=action,
            note=note,
            minutes=minutes,
            days=days,
        )
        done += 1
    admin_view.message_user(request, f"{action}: {done} signal(s) resolved.", messages.SUCCESS)


@admin.register(Signal)
class SignalAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "user", "other", "score", "status", "updated_at", "resolved_by")
    list_filter = ("kind", "status", "created_at")
    search_fields = ("user__username", "other__username", "key")
    list_select_related = ("user", "other", "resolved_by")
    action_form = DecisionForm
    actions = ["dismiss", "warn", "playban", "unrated_only", "tournament_ban", "mark"]
    readonly_fields = (
        "kind",
        "user",
        "other",
        "game",
        "key",
        "score",
        "evidence_pretty",
        "status",
        "created_at",
        "updated_at",
        "resolved_at",
        "resolved_by",
        "resolution",
    )
    exclude = ("evidence",)

    @admin.display(description="Evidence")
    def evidence_pretty(self, obj: Signal) -> str:
        return format_html("<pre>{}</pre>", json.dumps(obj.evidence, indent=2, sort_keys=True))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Dismiss (no action)")
    def dismiss(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, "dismiss")

    @admin.action(description="Warn the player")
    def warn(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, SanctionKind.WARN)

    @admin.action(description="Play ban (minutes)")
    def playban(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, SanctionKind.PLAYBAN)

    @admin.action(description="Unrated games only (days, or until lifted)")
    def unrated_only(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, SanctionKind.UNRATED_ONLY)

    @admin.action(description="Ban from tournaments (days, or until lifted)")
    def tournament_ban(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, SanctionKind.TOURNAMENT_BAN)

    @admin.action(description="Mark for unfair play")
    def mark(self, request: HttpRequest, queryset: QuerySet) -> None:
        _resolve(self, request, queryset, SanctionKind.MARK)


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "kind", "rule", "until", "created_by", "created_at", "lifted_at")
    list_filter = ("kind", "rule", "created_at")
    search_fields = ("user__username", "key")
    list_select_related = ("user", "created_by")
    readonly_fields = (
        "user",
        "kind",
        "rule",
        "note",
        "until",
        "key",
        "signal",
        "created_by",
        "created_at",
        "lifted_at",
        "lifted_by",
        "applied_at",
    )
    actions = ["lift"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Lift now")
    def lift(self, request: HttpRequest, queryset: QuerySet) -> None:
        for sanction in queryset:
            services.sanction_lift(sanction_id=sanction.pk, by=_staff(request))
        self.message_user(request, "Lifted.", messages.SUCCESS)


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "reporter", "reason", "game", "status", "created_at")
    list_filter = ("reason", "status", "created_at")
    search_fields = ("user__username", "reporter__username", "text")
    list_select_related = ("user", "reporter")
    readonly_fields = ("reporter", "user", "game", "reason", "text", "created_at")
    actions = ["close"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Close (read)")
    def close(self, request: HttpRequest, queryset: QuerySet) -> None:
        queryset.update(status=ReviewStatus.CLOSED)


@admin.register(Appeal)
class AppealAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "sanction", "status", "created_at", "resolved_by")
    list_filter = ("status", "created_at")
    search_fields = ("user__username", "text")
    list_select_related = ("user", "sanction", "resolved_by")
    readonly_fields = ("user", "sanction", "text", "created_at", "resolved_at", "resolved_by")
    action_form = DecisionForm
    actions = ["uphold", "reject"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def _answer(self, request: HttpRequest, queryset: QuerySet, uphold: bool) -> None:
        note, _, _ = _decision(request)
        if not note:
            self.message_user(request, "Write the answer in the “Why” field.", messages.ERROR)
            return
        for appeal in queryset.filter(status=AppealStatus.OPEN):
            services.appeal_resolve(
                appeal_id=appeal.pk, staff=_staff(request), uphold=uphold, answer=note
            )
        self.message_user(request, "Answered.", messages.SUCCESS)

    @admin.action(description="Uphold (lift the sanction), answering with “Why”")
    def uphold(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._answer(request, queryset, True)

    @admin.action(description="Reject, answering with “Why”")
    def reject(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._answer(request, queryset, False)


@admin.register(RatingRefund)
class RatingRefundAdmin(admin.ModelAdmin):
    list_display = ("id", "victim", "offender", "game", "variant", "points", "created_at")
    list_filter = ("variant",)
    search_fields = ("victim__username", "offender__username")
    readonly_fields = ("victim", "offender", "game", "variant", "points", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
