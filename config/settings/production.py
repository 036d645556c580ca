"""Production: secrets required from the environment, HTTPS everywhere."""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env

# Values that are not secrets: what examples and tutorials ship (``.env.example`` once
# shipped the first one), and words that mark a value as a stand-in.
PLACEHOLDER_SECRET_KEYS = frozenset(
    {"change-me-to-a-long-random-string-of-at-least-fifty-characters-please"}
)
PLACEHOLDER_WORDS = ("change-me", "changeme", "change_me", "replace-me", "placeholder", "example")
SECRET_KEY_HELP = (
    "Set DJANGO_SECRET_KEY to a long random string, e.g. the output of "
    "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
)


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` must not sign production sessions and tokens, or None when it may.

    Refuses what ``manage.py check --deploy`` warns about (fewer than 50 characters, fewer
    than 5 different ones, Django's ``django-insecure-`` prefix) and known placeholders.
    """
    if not key.strip():
        return "DJANGO_SECRET_KEY is not set."
    lowered = key.lower()
    if key in PLACEHOLDER_SECRET_KEYS or any(word in lowered for word in PLACEHOLDER_WORDS):
        return "DJANGO_SECRET_KEY is a placeholder, not a secret."
    if key.startswith("django-insecure"):
        return "DJANGO_SECRET_KEY is a development key (it starts with 'django-insecure')."
    if len(key) < 50 or len(set(key)) < 5:
        return "DJANGO_SECRET_KEY is too short or too simple (50+ characters, 5+ different)."
    return None


SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if (_problem := secret_key_problem(SECRET_KEY)) is not None:
    raise ImproperlyConfigured(f"{_problem} {SECRET_KEY_HELP}")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# A WSGI worker never holds an event stream here unless told to: each stream would keep a
# sync worker for its whole life, and a few would leave the API answering nobody. A stream
# that reaches a WSGI process anyway is answered 503 streams_not_served_here at once; the
# proxy sends streams to the ASGI events service (config/nginx/ginrummy.conf). make run
# (local settings) serves them itself.
EVENTS_WSGI_STREAMS = env.bool("EVENTS_WSGI_STREAMS", default=False)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^api/v1/health$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
