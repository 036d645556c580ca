"""Local development (``make run``): debug on, embedded defaults."""

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
