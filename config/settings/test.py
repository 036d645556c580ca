"""Test settings: PostgreSQL from ``DATABASE_URL`` and Redis from ``REDIS_URL``.

``make test`` starts both (``tests/with_services.sh``). Running the suite on SQLite would
prove nothing about row locks and transactions, so it is refused.
"""

import os
from urllib.parse import urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import DATABASES, env

if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured(
        "The test suite runs on PostgreSQL: set DATABASE_URL, or run it with `make test`."
    )

DEBUG = False
# Event streams read the database from worker threads; with persistent connections those
# threads would keep the test database open past its teardown.
DATABASES["default"]["CONN_MAX_AGE"] = 0
# A second alias on the test database, standing in for a read replica: the tests of which
# reads a replica serves point REPLICA_DATABASE at it (tests/leaderboards/test_replica_reads.py).
DATABASES["replica"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
LOGGING = {"version": 1, "disable_existing_loggers": False}

# `make test` runs the suite in parallel processes (pytest-xdist). Each has its own test
# database (pytest-django names it after the process) and here its own block of Redis
# databases and its own pub/sub channels, so no process sees another's tasks, keys or
# signals. REDIS_URL's database index counts from the start of this process's block, unless
# it is past the first block: then it is already a process's own (the URL that a process
# hands to a Celery worker or beat it starts, with the same environment).
TEST_PROCESS = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_DATABASES_PER_PROCESS = 8
"""Redis databases a test process may use: its broker and events at the block's first,
the tests that need another one at a fixed offset in it (tests/conftest.py)."""
REDIS_DATABASE_BASE = REDIS_DATABASES_PER_PROCESS * int(TEST_PROCESS.removeprefix("gw") or 0)
_redis = urlsplit(env.str("REDIS_URL", default="redis://127.0.0.1:6379/0"))
_index = int(_redis.path.strip("/") or 0)
if _index < REDIS_DATABASES_PER_PROCESS:
    _index += REDIS_DATABASE_BASE
REDIS_URL = urlunsplit(_redis._replace(path=f"/{_index}"))
EVENTS_REDIS_URL = REDIS_URL
EVENTS_CHANNEL_PREFIX = f"ginrummy-test{TEST_PROCESS}"
CELERY_BROKER_URL = REDIS_URL
# The test process runs tasks eagerly and lets their errors surface; tests that prove task
# delivery start a real worker (tests/conftest.py) and switch the app to the broker. That
# worker runs with CELERY_TEST_WORKER=1: a real consumer.
CELERY_TASK_ALWAYS_EAGER = not env.bool("CELERY_TEST_WORKER", default=False)
CELERY_TASK_EAGER_PROPAGATES = True
# The tests run beat's tasks themselves.
EMBEDDED_BEAT = False
