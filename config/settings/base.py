"""Settings shared by every environment; deployment values come from environment variables.

| variable | default | meaning |
| --- | --- | --- |
| ``DATABASE_URL`` | SQLite file ``db.sqlite3`` in the project folder | any django-environ URL |
| ``DATABASE_REPLICA_URL`` | unset: boards read the primary | a standby for boards, profiles |
| ``CELERY_BROKER_URL`` | unset: tasks run eagerly in-process | e.g. ``redis://127.0.0.1:6379/0`` |
| ``CACHE_URL`` | in-process memory | e.g. ``redis://127.0.0.1:6379/1`` (shared throttles) |
| ``DJANGO_SECRET_KEY`` | a development key (required in production) | |
| ``DJANGO_DEBUG`` | ``False`` | |
| ``DJANGO_ALLOWED_HOSTS`` | ``127.0.0.1,localhost`` | comma separated |
"""

from __future__ import annotations

import os
from pathlib import Path

import environ
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY = env.str(
    "DJANGO_SECRET_KEY",
    default="django-insecure-local-development-key-never-use-in-production",
)
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "games",
    "leaderboards",
    "fairplay",
    "tournaments",
]

MIDDLEWARE = [
    # Cache-Control: no-store on every /api/ answer (tokens, hands), error answers included.
    "core.middleware.api_no_store_middleware",
    # First: under /api/ every error answer is JSON, also the ones Django builds itself.
    "core.middleware.ApiErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Keyed hashes of a signed-in player's address, network and device (fair play).
    "fairplay.middleware.fingerprint_middleware",
]

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "core.exceptions.json_csrf_failure"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database -----------------------------------------------------------------------------
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}


PREPARE_AFTER = 2
"""Runs of one statement on one connection after which it is prepared on the server."""

SQLITE_BUSY_TIMEOUT_SECONDS = 20
"""How long a write on SQLite waits for the write lock before it fails (503
``database_unavailable``). Far above what any write transaction holds it for once no
password hash runs inside one (a computer's turn or a pairing run: milliseconds to a few
hundred), so a write queues rather than fails under a burst; well below what a person
waits for before giving up on a page."""


def _tune_database(db: dict) -> dict:
    """Make the embedded SQLite default safe for several players at once.

    WAL lets readers run beside the writer; ``synchronous=NORMAL`` is WAL's usual pairing
    (a commit is durable against a crash of the server, not of the machine's power).
    ``IMMEDIATE`` transactions take the write lock at ``BEGIN`` (Django 5.1+), where the
    busy timeout (:data:`SQLITE_BUSY_TIMEOUT_SECONDS`) lets a writer wait its turn: SQLite
    has no ``SELECT ... FOR UPDATE``, so this is what serialises actions, and a deferred
    transaction that read first and writes second could not wait at all (in WAL mode it
    fails at once with ``database is locked`` when another writer committed meanwhile). The
    price is that every transaction holds the one write lock from start to end, so nothing
    slow may run inside one (a password hash runs before it: :mod:`accounts.services`).
    PostgreSQL keeps connections open between requests (measured: 3x throughput), and
    binds parameters on the server so that a statement a connection runs again and again
    (an action's lock, insert and update) is prepared once and then neither parsed nor
    planned again (docs/benchmarks.md). ``DJANGO_DB_PREPARED=false`` turns both off, for a
    pooler in transaction mode that cannot keep a session's prepared statements.
    """
    if db["ENGINE"] == "django.db.backends.sqlite3":
        options = db.setdefault("OPTIONS", {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        # sqlite3.connect's timeout is SQLite's busy timeout (PRAGMA busy_timeout).
        options.setdefault("timeout", SQLITE_BUSY_TIMEOUT_SECONDS)
        options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    else:
        db.setdefault("CONN_MAX_AGE", env.int("DJANGO_CONN_MAX_AGE", default=60))
        db.setdefault("CONN_HEALTH_CHECKS", True)
        if env.bool("DJANGO_DB_PREPARED", default=True):
            options = db.setdefault("OPTIONS", {})
            options.setdefault("server_side_binding", True)
            options.setdefault("prepare_threshold", PREPARE_AFTER)
    return db


DATABASES["default"] = _tune_database(DATABASES["default"])

# A streaming standby for the reads that may be a moment behind the primary: the boards and
# public profiles (``core.replica``). With a Patroni cluster, the same hosts as
# DATABASE_URL with ``target_session_attrs=prefer-standby``: a standby while one is up,
# else the primary (docs/operations.md). Unset, every read goes to the primary.
REPLICA_DATABASE = "default"
if env.str("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = _tune_database(env.db("DATABASE_REPLICA_URL"))
    REPLICA_DATABASE = "replica"
DATABASE_ROUTERS = ["core.replica.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- cache (throttles, failed-login counters, debounce keys) -------------------------------
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://ginrummy")}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # A Redis outage must not fail requests: throttles and debounce keys fail open.
    CACHES["default"]["BACKEND"] = "core.cache.ResilientRedisCache"
    CACHES["default"].setdefault("OPTIONS", {}).update(
        {"socket_connect_timeout": 1, "socket_timeout": 1}
    )

# --- auth ------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's hashers, PBKDF2 first, with a bound on the hashes one process runs at once
# (accounts.hashers): half the cores by default, so that a burst of registrations or logins
# leaves the rest to the players' actions.
PASSWORD_HASHERS = [
    "accounts.hashers.BoundedPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
PASSWORD_HASHES_AT_ONCE = env.int(
    "PASSWORD_HASHES_AT_ONCE", default=max(1, len(os.sched_getaffinity(0)) // 2)
)
AUTH_PASSWORD_VALIDATORS = [
    # Not only blanks, nor beginning or ending with one (eight spaces pass Django's four).
    {"NAME": "accounts.validators.BlankOrPaddedPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- REST framework ------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "core.exceptions.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "core.schema.AutoSchema",
    "DEFAULT_THROTTLE_RATES": {
        # Per client IP.
        "register": env.str("THROTTLE_REGISTER", default="20/hour"),
        "token": env.str("THROTTLE_TOKEN", default="60/hour"),
        # Failed logins per username + client IP (a hard limit), and per username from any
        # IP (past it: backoff), see accounts.throttles.FailedLoginLimiter.
        "failed_login": env.str("THROTTLE_FAILED_LOGIN", default="10/15m"),
        "failed_login_username": env.str("THROTTLE_FAILED_LOGIN_USERNAME", default="50/15m"),
        # Per user.
        "actions": env.str("THROTTLE_ACTIONS", default="600/min"),
        "chat": env.str("THROTTLE_CHAT", default="6/min"),
        "hints": env.str("THROTTLE_HINTS", default="30/min"),
        # POST /games/join per user, where a code that matches no waiting game counts
        # GAMES_JOIN_FAILED_WEIGHT times; and wrong codes (only) per client IP, past which an
        # account that has itself failed there waits (games.throttles.JoinIPThrottle).
        "join": env.str("THROTTLE_JOIN", default="30/hour"),
        "join_ip": env.str("THROTTLE_JOIN_IP", default="24/hour"),
        "game_create": env.str("THROTTLE_GAME_CREATE", default="30/hour"),
        "game_rematch": env.str("THROTTLE_GAME_REMATCH", default="30/hour"),
        "game_concede": env.str("THROTTLE_GAME_CONCEDE", default="30/hour"),
        "game_cancel": env.str("THROTTLE_GAME_CANCEL", default="30/hour"),
        "profile_update": env.str("THROTTLE_PROFILE_UPDATE", default="30/hour"),
        # POST /auth/password (every try hashes twice; a wrong current password also counts
        # as a failed login).
        "password_change": env.str("THROTTLE_PASSWORD_CHANGE", default="10/hour"),
        # POST /auth/guest per client IP: each makes an account.
        "guest": env.str("THROTTLE_GUEST", default="10/hour"),
        # Tournaments, per user (joining by invite code also per client IP).
        "tournament_create": env.str("THROTTLE_TOURNAMENT_CREATE", default="20/hour"),
        "tournament_join": env.str("THROTTLE_TOURNAMENT_JOIN", default="60/hour"),
        "tournament_join_ip": env.str("THROTTLE_TOURNAMENT_JOIN_IP", default="240/hour"),
        "tournament_change": env.str("THROTTLE_TOURNAMENT_CHANGE", default="60/hour"),
        # Fair play, per user: reports (also one per reporter and game) and appeals.
        "fairplay_report": env.str("THROTTLE_FAIRPLAY_REPORT", default="10/hour"),
        "fairplay_appeal": env.str("THROTTLE_FAIRPLAY_APPEAL", default="5/day"),
    },
    "NUM_PROXIES": env.int("DJANGO_NUM_PROXIES", default=0),
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Gin Rummy API",
    "DESCRIPTION": (
        "Play Gin Rummy against the computer or against friends. Every 4xx answer is "
        '`{"code": "<machine_code>", "detail": "<sentence>"}` (validation errors add '
        '`"fields"`). Authenticate with `Authorization: Token <token>`. Every error under '
        "`/api/` is JSON in that shape, also the ones no endpoint lists: a `Host` header "
        "this server does not serve (400 `disallowed_host`), a body over 2.5 MB (413 "
        "`request_too_large`), a failure on our side (500 `server_error`). Every answer "
        "under `/api/` is sent with `Cache-Control: no-store` (they carry tokens and hands)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.GameStatus",
        "DifficultyEnum": "games.models.Difficulty",
        "HealthStatusEnum": ["ok", "unavailable"],
        "OpponentEnum": "games.models.OpponentType",
        "TypeEnum": "games.variants.ALL_ACTION_TYPES",
        "VariantEnum": "games.variants.VARIANT_NAMES",
        "TournamentStatusEnum": ["created", "started", "finished", "cancelled"],
        "TournamentPairingStatusEnum": ["playing", "finished", "void"],
        "TournamentFormatEnum": ["sit_and_go", "arena", "swiss", "knockout"],
        "FairPlaySanctionKindEnum": "fairplay.models.SANCTION_KINDS",
        "FairPlayRuleEnum": "fairplay.models.SIGNAL_KINDS",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        # Every game's own shapes (declared beside its codec) and POST /games' body.
        "games.apis.schema.add_game_components",
        "core.schema.add_event_streams",
        "tournaments.schema.add_tournament_events",
        "core.schema.require_request_bodies",
        "core.schema.any_of_components",
    ],
    "APPEND_COMPONENTS": {
        "securitySchemes": {
            "tokenAuth": {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": "`Token <key>` as returned by /auth/register or /auth/token.",
            }
        }
    },
    "SECURITY": [{"tokenAuth": []}],
    # Swagger UI's assets are served from the package, so the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- games ----------------------------------------------------------------------------------
# Tables waiting for a second player that one user may have open at once (rematch offers,
# which lapse in 10 minutes, are not counted).
GAMES_MAX_WAITING_PER_USER = env.int("GAMES_MAX_WAITING_PER_USER", default=3)
# How many requests a failed invite code counts for in the join throttles.
GAMES_JOIN_FAILED_WEIGHT = env.int("GAMES_JOIN_FAILED_WEIGHT", default=5)

# --- tournaments -----------------------------------------------------------------------------
# A player who has not made a move of their own this long after their tournament game
# started, on their turn, concedes it (a no-show: withdrawn, or paused in an arena).
TOURNAMENTS_NO_SHOW_SECONDS = env.float("TOURNAMENTS_NO_SHOW_SECONDS", default=60)
# How long a no-show in an arena stays paused, and a player who paused must wait to come back.
TOURNAMENTS_NO_SHOW_PAUSE_SECONDS = env.float("TOURNAMENTS_NO_SHOW_PAUSE_SECONDS", default=60)
TOURNAMENTS_PAUSE_SECONDS = env.float("TOURNAMENTS_PAUSE_SECONDS", default=10)
# Tournaments one player (not staff) may have created and open for registration at once.
TOURNAMENTS_MAX_OPEN_PER_USER = env.int("TOURNAMENTS_MAX_OPEN_PER_USER", default=3)
# The limits of a tournament a player creates (staff and schedules have none): its start
# from this many minutes (a scheduled start; a sit & go starts when full) to this many
# days ahead, its field, its planned length (an arena's duration, a Swiss tournament's
# rounds to their deadlines), and how many one player creates in 24 hours.
TOURNAMENTS_PLAYER_START_MIN_MINUTES = env.int("TOURNAMENTS_PLAYER_START_MIN_MINUTES", default=5)
TOURNAMENTS_PLAYER_START_MAX_DAYS = env.int("TOURNAMENTS_PLAYER_START_MAX_DAYS", default=7)
TOURNAMENTS_PLAYER_MAX_CAPACITY = env.int("TOURNAMENTS_PLAYER_MAX_CAPACITY", default=32)
TOURNAMENTS_PLAYER_MAX_MINUTES = env.int("TOURNAMENTS_PLAYER_MAX_MINUTES", default=240)
TOURNAMENTS_PLAYER_DAILY = env.int("TOURNAMENTS_PLAYER_DAILY", default=10)
# `GET /tournaments?starting=soon`: upcoming tournaments that start within this many minutes.
TOURNAMENTS_STARTING_SOON_MINUTES = env.int("TOURNAMENTS_STARTING_SOON_MINUTES", default=60)
# The safety net's period: every tournament under way or due gets a pairing run.
TOURNAMENTS_SWEEP_SECONDS = env.float("TOURNAMENTS_SWEEP_SECONDS", default=10.0)

# --- fair play (docs/fair-play.md) ------------------------------------------------------------
# The thresholds are private: players read which rule fired, never where it fires.
# The secret key of the hashes of addresses, networks and device ids (HMAC-SHA256); empty:
# derived from DJANGO_SECRET_KEY. Changing it makes every stored hash unmatchable.
FAIRPLAY_HASH_KEY = env.str("FAIRPLAY_HASH_KEY", default="")
# How long a hash is kept after it was last seen.
FAIRPLAY_TRACE_DAYS = env.int("FAIRPLAY_TRACE_DAYS", default=90)
# A player's address, network and device are written at most once in this long.
FAIRPLAY_TRACE_EVERY_SECONDS = env.int("FAIRPLAY_TRACE_EVERY_SECONDS", default=3600)
# A game between people that ends by a concession or timeout before the loser has drawn this
# many times (played this many turns) is unrated.
FAIRPLAY_EARLY_FORFEIT_DRAWS = env.int("FAIRPLAY_EARLY_FORFEIT_DRAWS", default=3)
# The recent record (lichess SandbagWatch): its length, the bad outcomes that bring a
# friendly warning (at most one per FAIRPLAY_WARN_EVERY_MINUTES) and those that raise a signal.
FAIRPLAY_RECORD_LENGTH = env.int("FAIRPLAY_RECORD_LENGTH", default=7)
FAIRPLAY_RECORD_WARN = env.int("FAIRPLAY_RECORD_WARN", default=3)
FAIRPLAY_RECORD_SIGNAL = env.int("FAIRPLAY_RECORD_SIGNAL", default=4)
FAIRPLAY_WARN_EVERY_MINUTES = env.int("FAIRPLAY_WARN_EVERY_MINUTES", default=60)
# How long a warning shows (on the play screen, before a tournament join).
FAIRPLAY_WARNING_DAYS = env.int("FAIRPLAY_WARNING_DAYS", default=7)
# Win trading, over the last FAIRPLAY_PAIR_DAYS: at least this many games together, one side
# winning this share of them, those games this share of either player's rated games.
FAIRPLAY_PAIR_DAYS = env.int("FAIRPLAY_PAIR_DAYS", default=30)
FAIRPLAY_PAIR_MIN_GAMES = env.int("FAIRPLAY_PAIR_MIN_GAMES", default=10)
FAIRPLAY_PAIR_WIN_SHARE = env.float("FAIRPLAY_PAIR_WIN_SHARE", default=0.8)
FAIRPLAY_PAIR_GAME_SHARE = env.float("FAIRPLAY_PAIR_GAME_SHARE", default=0.5)
# Net rating points flowing from one account to another in that window, over at least
# FAIRPLAY_RATING_FLOW_MIN_GAMES games together (a new account's first game moves ~170).
FAIRPLAY_RATING_FLOW = env.float("FAIRPLAY_RATING_FLOW", default=300.0)
FAIRPLAY_RATING_FLOW_MIN_GAMES = env.int("FAIRPLAY_RATING_FLOW_MIN_GAMES", default=5)
# Feeding and soft play at tables of three or more: chances needed, z-score that fires.
FAIRPLAY_FEEDING_MIN_CHANCES = env.int("FAIRPLAY_FEEDING_MIN_CHANCES", default=30)
FAIRPLAY_FEEDING_Z = env.float("FAIRPLAY_FEEDING_Z", default=4.0)
FAIRPLAY_SOFT_PLAY_MIN_CHANCES = env.int("FAIRPLAY_SOFT_PLAY_MIN_CHANCES", default=8)
FAIRPLAY_SOFT_PLAY_Z = env.float("FAIRPLAY_SOFT_PLAY_Z", default=3.0)
# Bots: timing regularity over at least this many actions, hours active in one UTC day,
# agreement with our Hard player over at least this many decisions that matter.
FAIRPLAY_BOT_MIN_ACTIONS = env.int("FAIRPLAY_BOT_MIN_ACTIONS", default=200)
FAIRPLAY_BOT_MAX_CV = env.float("FAIRPLAY_BOT_MAX_CV", default=0.25)
FAIRPLAY_BOT_HOURS = env.int("FAIRPLAY_BOT_HOURS", default=20)
FAIRPLAY_BOT_MIN_DECISIONS = env.int("FAIRPLAY_BOT_MIN_DECISIONS", default=300)
FAIRPLAY_BOT_AGREEMENT = env.float("FAIRPLAY_BOT_AGREEMENT", default=0.9)
# The nightly scan looks at this many days of games (bots, feeding, soft play).
FAIRPLAY_SCAN_DAYS = env.int("FAIRPLAY_SCAN_DAYS", default=7)
# Games the scan replays through the rules in one night (agreement with our Hard player,
# soft play), the players with most decisions first: a decision costs one Hard and one Easy
# choice (about 15 ms in Gin Rummy, 130 ms in Rummy; docs/fair-play.md).
FAIRPLAY_SCAN_MAX_REPLAYS = env.int("FAIRPLAY_SCAN_MAX_REPLAYS", default=500)
# Sitting: this many games lost on time while behind, within FAIRPLAY_SITTING_DAYS, bring a
# play ban: FAIRPLAY_PLAYBAN_MINUTES at first, times FAIRPLAY_PLAYBAN_FACTOR for each ban in
# the last FAIRPLAY_PLAYBAN_MEMORY_DAYS, at most FAIRPLAY_PLAYBAN_MAX_MINUTES.
FAIRPLAY_SITTING_MIN = env.int("FAIRPLAY_SITTING_MIN", default=2)
FAIRPLAY_SITTING_DAYS = env.int("FAIRPLAY_SITTING_DAYS", default=7)
FAIRPLAY_PLAYBAN_MINUTES = env.int("FAIRPLAY_PLAYBAN_MINUTES", default=15)
FAIRPLAY_PLAYBAN_FACTOR = env.int("FAIRPLAY_PLAYBAN_FACTOR", default=3)
FAIRPLAY_PLAYBAN_MAX_MINUTES = env.int("FAIRPLAY_PLAYBAN_MAX_MINUTES", default=3 * 24 * 60)
FAIRPLAY_PLAYBAN_MEMORY_DAYS = env.int("FAIRPLAY_PLAYBAN_MEMORY_DAYS", default=30)
# A mark: its games of the last this many days are undone (results unrated, boards
# recomputed, tournaments it played rescored), and each victim gets back the rating it lost
# to the marked player in each game, at most FAIRPLAY_REFUND_CAP points a game.
FAIRPLAY_MARK_DAYS = env.int("FAIRPLAY_MARK_DAYS", default=30)
FAIRPLAY_REFUND_CAP = env.float("FAIRPLAY_REFUND_CAP", default=150.0)

# --- live tables ------------------------------------------------------------------------------
# Event streams are woken through Redis pub/sub when this is set (every process must share
# it); without it, in-process (the embedded default, where one process serves everything).
EVENTS_REDIS_URL = env.str("EVENTS_REDIS_URL", default="") or None
# The start of every wake-up channel's name: pub/sub channels are shared by all databases of
# one Redis server, so deployments that share a server each set their own.
EVENTS_CHANNEL_PREFIX = env.str("EVENTS_CHANNEL_PREFIX", default="ginrummy")
EVENTS_HEARTBEAT_SECONDS = 15
EVENTS_POLL_SECONDS = 5
# How often an open stream checks that its token is still valid and its user active (a
# stream ends within this long of a logout or a deactivation).
EVENTS_AUTH_RECHECK_SECONDS = env.float("EVENTS_AUTH_RECHECK_SECONDS", default=15)
# Open streams per user, counted across processes (in Redis with EVENTS_REDIS_URL); a slot
# of a stream that ended without giving it back (a crashed process) lapses after the lease.
EVENTS_MAX_STREAMS_PER_USER = env.int("EVENTS_MAX_STREAMS_PER_USER", default=5)
EVENTS_STREAM_LEASE_SECONDS = env.float("EVENTS_STREAM_LEASE_SECONDS", default=60)
# Whether a WSGI process serves the streams itself: yes for make run (runserver serves
# everything), no in production (gunicorn's sync workers: each stream would hold a worker
# for its whole life, so the proxy sends streams to the ASGI `events` service, and a stream
# that reaches a WSGI worker anyway gets 503 streams_not_served_here at once).
EVENTS_WSGI_STREAMS = env.bool("EVENTS_WSGI_STREAMS", default=True)

# --- Celery ----------------------------------------------------------------------------------
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="") or None
# Without a broker every task runs eagerly, in-process, right after the commit that queued it.
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
# Without a broker there is no beat: the web process runs beat's tournament safety net
# itself (config.embedded_beat), since reading a tournament changes nothing.
EMBEDDED_BEAT = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 60
# Celery's Django fixup closes every database connection before and after each task unless
# this is set: a computer's turn then paid for a new PostgreSQL backend (a fork, and cold
# catalogue caches that made its first queries' planning slow). Set, the fixup keeps them,
# and config/celery.py closes them as a request does: past CONN_MAX_AGE, after an error,
# and with the health check (CONN_HEALTH_CHECKS) before the next task uses one.
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_TASK_SOFT_TIME_LIMIT = 45
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task whose worker died (acks_late) is delivered again once the visibility timeout has
# passed since it was taken; computer turns left waiting are also picked up by the sweeper
# within GAMES_COMPUTER_GRACE_SECONDS + one sweep (docs/reliability.md).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=30),
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# On a lost broker connection, cancel the running late-acked tasks (they are delivered again,
# and every task is idempotent) rather than finish them with nowhere to acknowledge to.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Queueing after a commit must not hang a request while the broker is down: one quick retry,
# then the failure is logged and the sweeper queues the work once the broker is back.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_TIMEZONE = "UTC"
# The sweeper's period, and how long a computer may hold the turn before the sweeper plays it
# (its task was lost: the broker was down at the commit, or the worker died).
GAMES_SWEEP_SECONDS = env.float("GAMES_SWEEP_SECONDS", default=5.0)
GAMES_COMPUTER_GRACE_SECONDS = env.float("GAMES_COMPUTER_GRACE_SECONDS", default=5.0)
# Beat sends due tasks only while it holds a lease in Redis (config/beat.py): a second beat
# (one per node) waits, and takes over within this many seconds of the leader dying.
CELERY_BEAT_SCHEDULER = "config.beat:LeaderScheduler"
BEAT_LEASE_SECONDS = env.float("BEAT_LEASE_SECONDS", default=15.0)
CELERY_BEAT_SCHEDULE: dict = {
    "purge-stale-tokens": {
        "task": "accounts.purge_stale_tokens",
        "schedule": crontab(hour=3, minute=17),
    },
    "purge-idle-guests": {
        "task": "accounts.purge_idle_guests",
        "schedule": crontab(hour=3, minute=29),
    },
    "purge-idempotency-records": {
        "task": "games.purge_idempotency_records",
        "schedule": crontab(minute=23),
    },
    "purge-player-events": {
        "task": "games.purge_player_events",
        "schedule": crontab(hour=4, minute=41),
    },
    # Turn timers run as tasks with an ETA; this sweep catches any that were lost, plays
    # computer turns whose task was lost, and lapses rematch offers (10 minutes) and tables
    # left waiting (24 hours).
    "games-sweep-overdue": {
        "task": "games.sweep_overdue",
        "schedule": GAMES_SWEEP_SECONDS,
        "options": {"expires": GAMES_SWEEP_SECONDS},
    },
    # Leaderboards (docs/leaderboards.md): close the periods that are due, then recompute every
    # open period's standings; a run left waiting behind a backlog expires (the next one
    # recomputes everything anyway).
    "leaderboards-refresh-standings": {
        "task": "leaderboards.refresh_standings",
        "schedule": crontab(),
        "options": {"expires": 55},
    },
    # Close last week and last month right after rollover (the minute refresh also closes
    # whatever is due, so periods missed while beat was down are caught up within a minute).
    "leaderboards-close-periods": {
        "task": "leaderboards.close_periods",
        "schedule": crontab(hour=0, minute=1),
    },
    # Tournaments (docs/tournaments.md): the pairing run's safety net (starts, ends, round
    # deadlines, no-shows and pairings whose task was lost), and the planner that creates
    # the scheduled tournaments of the next 24 hours (each start once).
    "tournaments-advance-due": {
        "task": "tournaments.advance_due",
        "schedule": TOURNAMENTS_SWEEP_SECONDS,
        "options": {"expires": TOURNAMENTS_SWEEP_SECONDS},
    },
    "tournaments-plan-schedules": {
        "task": "tournaments.plan_schedules",
        "schedule": crontab(minute="*/10"),
        "options": {"expires": 590},
    },
    # Fair play (docs/fair-play.md): the nightly scan of the last days' games, and the
    # purge of address, network and device hashes not seen for FAIRPLAY_TRACE_DAYS.
    "fairplay-scan": {
        "task": "fairplay.scan",
        "schedule": crontab(hour=2, minute=47),
    },
    "fairplay-purge-traces": {
        "task": "fairplay.purge_traces",
        "schedule": crontab(hour=3, minute=53),
    },
    # Rate recent games between humans whose rating task was never queued.
    "leaderboards-rate-pending-games": {
        "task": "leaderboards.rate_pending_games",
        "schedule": crontab(minute="*/5"),
        "options": {"expires": 290},
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # One line per task is noise when tasks run in-process (make run).
        "celery.app.trace": {"level": "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO"},
    },
}

# Failed-login backoff per username (accounts.throttles.FailedLoginLimiter): the longest
# wait, and how long an address that logged in successfully skips the backoff.
FAILED_LOGIN_BACKOFF_MAX_SECONDS = env.int("FAILED_LOGIN_BACKOFF_MAX_SECONDS", default=60)
FAILED_LOGIN_KNOWN_IP_DAYS = env.int("FAILED_LOGIN_KNOWN_IP_DAYS", default=30)

# Names players may not take (usernames and display names, compared on confusable
# skeletons, accounts.names): whole names, and words that may not appear in one.
ACCOUNTS_RESERVED_NAMES = env.list(
    "ACCOUNTS_RESERVED_NAMES",
    default=[
        *("admin", "administrator", "root", "system", "api", "support", "moderator", "mod"),
        *("staff", "official", "server", "computer", "easy", "medium", "hard", "you"),
        *("opponent", "null", "none", "undefined", "anonymous", "deleted"),
    ],
)
ACCOUNTS_RESERVED_NAME_WORDS = env.list(
    "ACCOUNTS_RESERVED_NAME_WORDS",
    default=[
        *("admin", "administrator", "moderator", "official", "staff", "system", "support"),
        "computer",
    ],
)

# A token unused for this many days is deleted by the nightly ``accounts.purge_stale_tokens``.
AUTH_TOKEN_IDLE_DAYS = env.int("AUTH_TOKEN_IDLE_DAYS", default=90)
# A token lapses this many days after it was issued, however much it is used (401
# authentication_failed; the player signs in again); the nightly purge deletes it.
AUTH_TOKEN_MAX_AGE_DAYS = env.int("AUTH_TOKEN_MAX_AGE_DAYS", default=30)
# How long a token and its player may be served from the shared Redis cache (CACHE_URL)
# without a query; every revocation and change to the player marks the entries stale at
# once (accounts.token_cache). 0 turns the cache off. Never used on the in-process cache.
AUTH_TOKEN_CACHE_SECONDS = env.int("AUTH_TOKEN_CACHE_SECONDS", default=60)
# A guest account ("Play now", POST /auth/guest) unused this many days is removed nightly
# by ``accounts.purge_idle_guests`` (or kept as an anonymous, deactivated row where other
# players' games need its seat).
GUEST_IDLE_DAYS = env.int("GUEST_IDLE_DAYS", default=30)


# --- the web client (config/web.py) -------------------------------------------------------------
# Its files live in web/ and are served as /static/web/...; / serves web/index.html.
WEB_CLIENT_DIR = BASE_DIR / "web"
STATICFILES_DIRS = [("web", WEB_CLIENT_DIR)]
# The client's page only: no inline script or style, nothing from another origin (its
# manifest and service worker included).
WEB_CLIENT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'"
)
