"""The production settings plus the bare endpoint's URL (``bench/api_load.py`` only)."""

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "bare.urls"
