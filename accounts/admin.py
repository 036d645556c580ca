from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from .models import AuthToken, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = (
        "username",
        "display_name",
        "is_active",
        "is_staff",
        "date_joined",
        "last_login",
    )
    list_filter = ("is_active", "is_staff", "is_superuser", "date_joined")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "preferences")}),
    )
    actions = ("deactivate", "reactivate")

    @admin.action(description="Deactivate selected players (revokes their tokens)")
    def deactivate(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = queryset.update(is_active=False)
        AuthToken.objects.filter(user__in=queryset).delete()
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
