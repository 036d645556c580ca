from django.urls import path

from . import apis

urlpatterns = [
    path("auth/register", apis.RegisterApi.as_view(), name="auth-register"),
    path("auth/token", apis.TokenApi.as_view(), name="auth-token"),
    path("auth/guest", apis.GuestApi.as_view(), name="auth-guest"),
    path("auth/claim", apis.ClaimApi.as_view(), name="auth-claim"),
    path("auth/logout", apis.LogoutApi.as_view(), name="auth-logout"),
    path("auth/logout-all", apis.LogoutAllApi.as_view(), name="auth-logout-all"),
    path("auth/password", apis.PasswordChangeApi.as_view(), name="auth-password"),
    path("me", apis.MeApi.as_view(), name="me"),
    path("users/<str:username>", apis.ProfileApi.as_view(), name="user-profile"),
]
