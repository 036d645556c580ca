"""The admin for players and tokens, and a failed-login limit on the admin's login page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import authenticate
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from . import services
from .models import AuthToken, User


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    """The admin's login form with the API's failed-login limits
    (:class:`accounts.throttles.FailedLoginLimiter`): the same counters, so failures at
    either door count together. A refused try is answered before the password is hashed."""

    retry_after: int | None = None

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            wait = services.login_wait(username=username, request=self.request)
            if wait is not None:
                self.retry_after = int(wait + 0.999)
                raise forms.ValidationError(
                    "Too many failed logins for this username; try again in "
                    f"{self.retry_after} seconds.",
                    code="throttled",
                )
            self.user_cache = authenticate(self.request, username=username, password=password)
            services.login_record(
                username=username, request=self.request, succeeded=self.user_cache is not None
            )
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


admin.site.login_form = ThrottledAdminAuthenticationForm


def admin_login(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """``/admin/login/``: the admin's own login view; a throttled try is 429 with
    ``Retry-After`` (the page still shows the form and the reason)."""
    response = admin.site.login(request, **kwargs)
    context = getattr(response, "context_data", None)
    form = context.get("form") if context else None
    if isinstance(form, ThrottledAdminAuthenticationForm) and form.retry_after is not None:
        response.status_code = 429
        response["Retry-After"] = str(form.retry_after)
    return response


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = (
        "username",
        "display_name",
        "is_active",
        "is_guest",
        "is_staff",
        "date_joined",
        "last_seen_at",
    )
    list_filter = ("is_active", "is_guest", "is_staff", "is_superuser", "date_joined")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "preferences", "is_guest", "last_seen_at")}),
    )
    readonly_fields = ("is_guest", "last_seen_at")
    actions = ("deactivate", "reactivate")

    @admin.action(description="Deactivate selected players (revokes their tokens)")
    def deactivate(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = queryset.update(is_active=False)
        AuthToken.objects.revoke(AuthToken.objects.filter(user__in=queryset))  # streams end
        self.message_user(request, f"Deactivated {count} player(s).", messages.SUCCESS)

    @admin.action(description="Reactivate selected players")
    def reactivate(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = queryset.update(is_active=True)
        self.message_user(request, f"Reactivated {count} player(s).", messages.SUCCESS)


@admin.register(AuthToken)
class AuthTokenAdmin(admin.ModelAdmin):
    list_display = ("prefix", "user", "created_at", "last_used_at")
    search_fields = ("user__username", "prefix")
    readonly_fields = ("prefix", "user", "created_at", "last_used_at")
    list_select_related = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
