"""Production settings refuse to start without a real secret key; .env.example ships none."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = "q8Vx-3nR_tZp0LwK9sYb2mJc7HfUdA5eGiOkN4vWrXy1lTqE6aPz"


def load_production(monkeypatch, **env: str):
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "api.example.org")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    sys.modules.pop("config.settings.production", None)
    try:
        return importlib.import_module("config.settings.production")
    finally:
        sys.modules.pop("config.settings.production", None)


def test_a_real_key_is_accepted(monkeypatch):
    settings = load_production(monkeypatch, DJANGO_SECRET_KEY=GOOD_KEY)
    assert settings.SECRET_KEY == GOOD_KEY


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("", "not set"),
        ("   ", "not set"),
        ("change-me-to-a-long-random-string-of-at-least-fifty-characters-please", "placeholder"),
        ("please-CHANGEME-" + GOOD_KEY, "placeholder"),
        ("django-insecure-local-development-key-never-use-in-production", "development"),
        ("short-but-random-Zx81", "too short"),
        ("a" * 60, "too short or too simple"),
    ],
)
def test_a_missing_placeholder_or_weak_key_refuses_to_start(monkeypatch, key, reason):
    with pytest.raises(ImproperlyConfigured) as excinfo:
        load_production(monkeypatch, DJANGO_SECRET_KEY=key)
    message = str(excinfo.value)
    assert reason in message and "secrets.token_urlsafe" in message


def test_an_unset_key_refuses_to_start(monkeypatch):
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY is not set"):
        load_production(monkeypatch)


def test_env_example_ships_no_secret_key():
    lines = (ROOT / ".env.example").read_text().splitlines()
    values = [line.split("=", 1)[1] for line in lines if line.startswith("DJANGO_SECRET_KEY=")]
    assert values == [""]
