"""Schema fuzzing: schemathesis over every operation of ``/api/schema/``.

Each operation is one test: the explicit examples of the schema, its coverage cases
(boundaries, missing and wrong-typed values) and ``MAX_EXAMPLES`` generated requests,
positive and negative, seeded so that every run sends the same requests. Every response
goes through all of schemathesis' checks: no 5xx, documented status codes and content
types, bodies that match the schema, schema-violating requests refused and schema-valid ones
accepted (a 4xx for a schema-valid request is allowed only where the contract refuses a
well-formed request for the state it finds: 404, 409, 422, 429). On top of those, every
JSON body must not carry keys that the schema leaves out (:func:`no_undocumented_keys`).

The requests go through the WSGI application in-process, against the suite's PostgreSQL,
authenticated as a player who sits at games in every state (so ``{game_id}`` paths hit real
games part of the time, see :func:`make_realistic`). Left out: the two event streams (their
bad input is tested in ``tests/live``), and logout, signing out everywhere and the password
change, which would revoke the fuzzing token or answer a generated current password with
400 ``invalid_password`` (they are tested in ``tests/accounts``).

A stateful phase (:func:`test_sequences_of_operations_conform_to_schema`) then chains
operations by the links schemathesis infers from the schema (create a game, then act on it,
concede, rematch, read its moves ...), with the same checks.

Run it alone with ``make test PYTEST_ARGS="tests/fuzz"``.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import re
import uuid
from datetime import date, timedelta
from typing import Any

import hypothesis
import jsonschema
import pytest
import schemathesis
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.wsgi import get_wsgi_application
from django.db import connection
from django.utils import timezone
from schemathesis.checks import CHECKS, load_all_checks

from accounts.models import USERNAME_PATTERN, AuthToken, User, clean_display_name
from accounts.names import reserved_name_problem
from games import services
from games.models import Difficulty, Visibility
from tests.factories import UserFactory
from tournaments import services as tournaments

MAX_EXAMPLES = 25
SEED = 20250301
TOKEN = "fuzz" + "0" * 36  # a fixed key: the schema (and its auth header) is loaded once
EXCLUDED = (
    "/api/v1/games/{game_id}/events",
    "/api/v1/me/events",
    "/api/v1/tournaments/{tournament_id}/events",
    "/api/v1/auth/logout",
    "/api/v1/auth/logout-all",
    "/api/v1/auth/password",
)

# The contract refuses well-formed requests for the state they meet (docs/api.md#errors): a game
# that is not yours or an unknown invite code (404), a game that moved on or is not in the
# right state (409), an action the rules forbid now (422), a throttle (429). Those are no
# verdict on the schema; a 400 for a schema-valid request always is.
STATE_REFUSALS = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": SEED,
        "suppress-health-check": ["too_slow", "filter_too_much", "data_too_large"],
        "headers": {"Authorization": f"Token {TOKEN}"},
        "generation": {
            "max-examples": MAX_EXAMPLES,
            "database": "none",
        },
        "checks": {"positive_data_acceptance": {"expected-statuses": STATE_REFUSALS}},
    }
)


# The schema exactly as the app serves it (no database needed to build it).
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", get_wsgi_application(), config=CONFIG
).exclude(path=list(EXCLUDED))


class World:
    """The fuzzing player, and games in every state they can meet."""

    def __init__(self) -> None:
        self.player = UserFactory(username="fuzzer")
        AuthToken.objects.create(
            user=self.player, digest=hashlib.sha256(TOKEN.encode()).hexdigest(), prefix=TOKEN[:6]
        )
        rival, stranger = UserFactory(username="rival"), UserFactory(username="stranger")
        self.usernames = [self.player.username, rival.username, stranger.username]
        me = self.player
        computer = services.game_create_vs_computer(user=me, difficulty=Difficulty.EASY)
        conceded = services.game_create_vs_computer(user=me, difficulty=Difficulty.HARD)
        services.game_concede(game_id=conceded.pk, user=me)
        mine_waiting = services.game_create_vs_human(user=me, visibility=Visibility.PRIVATE)
        cancelled = services.game_create_vs_human(user=me, visibility=Visibility.PUBLIC)
        services.game_cancel(game_id=cancelled.pk, user=me)
        open_table = services.game_create_vs_human(user=rival, visibility=Visibility.PUBLIC)
        versus = services.game_create_vs_human(user=rival, visibility=Visibility.PRIVATE)
        services.game_join(user=me, code=versus.invite_code)
        finished = services.game_create_vs_human(user=me, visibility=Visibility.PRIVATE)
        services.game_join(user=rival, code=finished.invite_code)
        services.game_concede(game_id=finished.pk, user=rival)
        offer, _ = services.game_rematch(game_id=finished.pk, user=rival)
        others = services.game_create_vs_human(user=rival, visibility=Visibility.PRIVATE)
        services.game_join(user=stranger, code=others.invite_code)
        self.game_ids = [
            str(g.pk)
            for g in (computer, conceded, mine_waiting, cancelled, versus, finished, offer, others)
        ]
        self.invite_codes = [mine_waiting.invite_code, open_table.invite_code, versus.invite_code]
        self.tournament_ids, self.tournament_codes = _tournaments(me, rival, stranger)


def _tournaments(me: User, rival: User, stranger: User) -> tuple[list[str], list[str]]:
    """Tournaments in every state the player can meet: open (joined or not), started with a
    game being played (a bracket; a duplicate Swiss round's deals), finished, cancelled,
    and a stranger's private one."""
    organiser = UserFactory(username="organiser", is_staff=True)
    soon = timezone.now() + timedelta(hours=1)
    gin = {"target_score": 10}

    def create(by: User, **data: Any) -> Any:
        return tournaments.tournament_create(data={"rules": gin, **data}, by=by)

    open_arena = create(organiser, format="arena", starts_at=soon, duration_minutes=30)
    tournaments.tournament_join(user=rival, tournament_id=open_arena.pk)
    joined = create(organiser, format="knockout", starts_at=soon)
    tournaments.tournament_join(user=me, tournament_id=joined.pk)
    sit_and_go = create(me, format="sit_and_go", capacity=2, private=True)
    tournaments.tournament_join(user=rival, code=sit_and_go.invite_code)  # starts: a game
    swiss = create(organiser, format="swiss", rounds=2, duplicate=True, starts_at=timezone.now())
    for user in (me, rival, stranger):
        tournaments.tournament_join(user=user, tournament_id=swiss.pk)
    tournaments.tournament_advance(tournament_id=swiss.pk)  # round 1, its deals committed
    finished = create(organiser, format="sit_and_go", capacity=2)
    for user in (me, stranger):
        tournaments.tournament_join(user=user, tournament_id=finished.pk)
    tournaments.tournament_withdraw(tournament_id=finished.pk, user=stranger)
    cancelled = create(organiser, format="arena", starts_at=soon, duration_minutes=30)
    tournaments.tournament_cancel(tournament_id=cancelled.pk, by=organiser)
    private = create(stranger, format="sit_and_go", capacity=4, private=True)
    ids = [open_arena, joined, sit_and_go, swiss, finished, cancelled, private]
    codes = [sit_and_go.invite_code, private.invite_code]
    return [str(t.pk) for t in ids], codes


def _pick(options: list[str], seed: str) -> str | None:
    """One of ``options`` or None (keep the generated value), chosen by ``seed``."""
    index = int(hashlib.sha256(seed.encode()).hexdigest(), 16) % (len(options) + 1)
    return options[index] if index < len(options) else None


def make_realistic(case: Any, world: World, *, ids: bool = True) -> None:
    """Swap well-formed generated ids, usernames and invite codes for real ones, most of the
    time (deterministically, from the generated value), so requests reach real games.

    With ``ids=False`` game and tournament ids are kept (the stateful phase's come from
    real answers).

    Only values that are already valid are swapped: a request meant to violate the schema
    still does. Assigning the containers makes schemathesis re-check what the case is.
    """
    params = dict(case.path_parameters or {})
    game_id = params.get("game_id") if ids else None
    if isinstance(game_id, str) and _is_uuid(game_id):
        real = _pick(world.game_ids, game_id)
        if real is not None:
            params["game_id"] = real
    username = params.get("username")
    if isinstance(username, str):
        real = _pick(world.usernames, username)
        if real is not None:
            params["username"] = real
    tournament_id = params.get("tournament_id") if ids else None
    if isinstance(tournament_id, str) and _is_uuid(tournament_id):
        real = _pick(world.tournament_ids, tournament_id)
        if real is not None:
            params["tournament_id"] = real
    round_no = params.get("round_no")
    if isinstance(round_no, int) and not isinstance(round_no, bool) and round_no >= 0:
        params["round_no"] = 1 if round_no % 3 else round_no
    if params != (case.path_parameters or {}):
        case.path_parameters = params
    body = case.body
    if (
        case.operation.path == "/api/v1/games/join"
        and isinstance(body, dict)
        and isinstance(body.get("code"), str)
        and 1 <= len(body["code"].strip()) <= 16
    ):
        real = _pick(world.invite_codes, body["code"])
        if real is not None:
            case.body = {**body, "code": real}
    if (
        case.operation.path == "/api/v1/tournaments/join"
        and isinstance(body, dict)
        and isinstance(body.get("code"), str)
        and 1 <= len(body["code"].strip()) <= 16
    ):
        real = _pick(world.tournament_codes, body["code"])
        if real is not None:
            case.body = {**body, "code": real}


STRONG_PASSWORD = "amber-lantern-quietly-87"
NAMED_BODIES = ("/api/v1/auth/register", "/api/v1/auth/claim", "/api/v1/auth/guest", "/api/v1/me")
"""The operations whose bodies carry a username or a display name."""


def within_unstated_rules(case: Any) -> None:
    """Keep well-formed requests inside the rules a JSON schema cannot state, which the
    schema describes in words and ``tests/accounts`` and ``tests/leaderboards`` test:

    - a new password (registration, a guest's claim) must not be common, all digits or too
      like the username (Django's validators): a well-formed generated one that they refuse
      is replaced by a strong one;
    - a username or display name must not be reserved (nor a username begin with
      ``guest-``), and a display name must not stack
      combining marks or put them on nothing (``accounts.names``): a well-formed generated
      one that those rules refuse is replaced by a plain one;
    - a leaderboard's ``start`` must not be later than today: a well-formed later one is
      moved to today.

    Only values that are valid already are changed, so a request that violates the schema
    still does.
    """
    body = case.body
    if case.operation.path in ("/api/v1/auth/register", "/api/v1/auth/claim") and isinstance(
        body, dict
    ):
        password, username = body.get("password"), body.get("username")
        if (
            isinstance(password, str)
            and 8 <= len(password) <= 128
            and "\x00" not in password
            and _refused_by_password_validators(password, username)
        ):
            case.body = {**body, "password": STRONG_PASSWORD}
    if case.operation.path in NAMED_BODIES and isinstance(case.body, dict):
        changed = dict(case.body)
        username = changed.get("username")
        if (
            isinstance(username, str)
            and re.fullmatch(USERNAME_PATTERN, username)
            and (
                reserved_name_problem(username, what="username") is not None
                or username.lower().startswith("guest-")
            )
        ):
            changed["username"] = "plain-player"
        name = changed.get("display_name")
        if isinstance(name, str) and _refused_by_name_rules(name):
            changed["display_name"] = "Plain Player"
        if changed != case.body:
            case.body = changed
    if case.operation.path == "/api/v1/leaderboards/{period}" and case.query:
        start = case.query.get("start")
        if isinstance(start, str) and _is_valid_start(start) and start > date.today().isoformat():
            case.query = {**case.query, "start": date.today().isoformat()}


def _refused_by_password_validators(password: str, username: Any) -> bool:
    user = User(username=username if isinstance(username, str) else "")
    try:
        validate_password(password, user=user)
    except DjangoValidationError:
        return True
    return False


def _refused_by_name_rules(name: str) -> bool:
    """Whether a display name that the schema allows (its length and pattern) is refused
    by a rule no pattern states: marks per character, marks on nothing, reserved names."""
    if not 0 < len(name) <= 40 or not re.fullmatch(_display_name_pattern(), name):
        return False
    try:
        clean_display_name(name)
    except ValueError:
        return True
    return False


@functools.cache
def _display_name_pattern() -> str:
    me = schema.raw_schema["components"]["schemas"]["PatchedMeInputRequest"]
    field = me["properties"]["display_name"]  # a name (pattern) or "" (maxLength 0)
    return next(str(option["pattern"]) for option in field["oneOf"] if "pattern" in option)


def _is_valid_start(value: str) -> bool:
    try:
        return date.fromisoformat(value).year >= 1970 and len(value) == 10
    except ValueError:
        return False


def _is_uuid(value: str) -> bool:
    try:
        return str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


def _closed(schema: Any) -> Any:
    """``schema`` with ``additionalProperties: false`` on every object that lists its
    properties and says nothing about others (what the serializers document)."""
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _closed(value) for key, value in schema.items()}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    return out


def no_undocumented_keys(ctx: Any, response: Any, case: Any) -> bool | None:
    """Every JSON body holds only keys its schema documents (drift between the output
    serializers and what the server sends)."""
    if response.request.method.upper() != case.operation.method.upper():
        return None  # a probe of another method (unsupported_method)
    if "json" not in response.headers.get("content-type", [""])[0]:
        return None
    validator = _body_validator(case.operation, str(response.status_code))
    if validator is None:
        return None
    errors = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path)
        raise AssertionError(f"Undocumented response content at /{where}: {errors[0].message}")
    return None


_BODY_VALIDATORS: dict[tuple[str, str], jsonschema.Draft4Validator | None] = {}
_COMPONENTS: dict[int, Any] = {}


def _body_validator(operation: Any, status: str) -> jsonschema.Draft4Validator | None:
    """The validator of ``operation``'s JSON body at ``status``, closed and nullable as
    JSON Schema (None where none is documented); built once for each, as the schema is
    the same for every request."""
    key = (operation.label, status)
    if key not in _BODY_VALIDATORS:
        definition = operation.definition.raw["responses"].get(status)
        media = (definition or {}).get("content", {}).get("application/json")
        if media is None or "schema" not in media:
            _BODY_VALIDATORS[key] = None
        else:
            raw = operation.schema.raw_schema
            if id(raw) not in _COMPONENTS:
                _COMPONENTS[id(raw)] = _nullable(_closed(raw.get("components", {})))
            document = {"components": _COMPONENTS[id(raw)], **_nullable(_closed(media["schema"]))}
            # "#/components/..." refs: this document
            _BODY_VALIDATORS[key] = jsonschema.Draft4Validator(document)
    return _BODY_VALIDATORS[key]


def _nullable(schema: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema (``type: [..., "null"]``)."""
    if isinstance(schema, list):
        return [_nullable(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _nullable(value) for key, value in copy.copy(schema).items()}
    if out.pop("nullable", False):
        if "type" in out:
            out["type"] = [out["type"], "null"]
        if "enum" in out and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
        if "type" not in out and "enum" not in out:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


@pytest.fixture
def world(transactional_db: None, settings: Any, monkeypatch: pytest.MonkeyPatch) -> World:
    # One database connection for all the requests (the suite closes it after each one,
    # for the event streams' threads, which the fuzz leaves out): connecting anew for
    # every request took a third of the fuzz's time.
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", None)
    # High limits, so the fuzz is not a wall of 429s (every 429 stays documented).
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates, "100000/min"),
    }
    # So are the caps on a player's open and daily tournaments: every creation answers
    # alike (201), so the stateful phase meets the same links on every pass (409 and 429
    # stay documented and tested).
    settings.TOURNAMENTS_MAX_OPEN_PER_USER = 100000
    settings.TOURNAMENTS_PLAYER_DAILY = 100000
    return World()


@schema.parametrize()
# ``world`` is built once per operation; the requests of one operation share its games.
@hypothesis.settings(suppress_health_check=[hypothesis.HealthCheck.function_scoped_fixture])
def test_operation_conforms_to_schema(case: Any, world: World) -> None:
    make_realistic(case, world)
    within_unstated_rules(case)
    case.call_and_validate(additional_checks=[no_undocumented_keys])


# Joining, leaving, pausing and cancelling change what the next pass meets at the same step
# (a join answered 200 once is 409 `paused` later), which hypothesis cannot replay; they
# are fuzzed one operation at a time above, and chained in tests/tournaments.
TOURNAMENT_ENTRY_CHANGES = r"^/api/v1/tournaments(/join|/[^/]+/(join|withdraw|pause|cancel))$"
STATEFUL_STEPS = 12
STATEFUL_EXAMPLES = 15


def test_sequences_of_operations_conform_to_schema(world: World) -> None:
    """The stateful phase: chains of calls linked by what each answer returns (a game
    created, then played, conceded, rematched, its moves and chat read ...; the links are
    inferred from the schema), every answer through the same checks as above."""
    base = schema.exclude(path_regex=TOURNAMENT_ENTRY_CHANGES).as_state_machine()

    class Sequences(base):  # type: ignore[misc, valid-type]
        def before_call(self, case: Any) -> None:
            # The links carry real ids of the player's own games: keep them.
            make_realistic(case, world, ids=False)
            within_unstated_rules(case)

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            super().validate_response(response, case, additional_checks=[no_undocumented_keys])

    assert len(base.bundles) >= 10  # the links from POST /games and its kin were found
    Sequences.run(
        settings=hypothesis.settings(
            max_examples=STATEFUL_EXAMPLES,
            stateful_step_count=STATEFUL_STEPS,
            derandomize=True,
            database=None,
            deadline=None,
            # The server's state carries over between examples, so a replay could not take
            # the same path: report the first failure as it happened, without shrinking.
            phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
            suppress_health_check=list(hypothesis.HealthCheck),
        )
    )


def test_every_check_of_schemathesis_is_on():
    """The fuzz runs schemathesis' whole default set of checks, none switched off."""
    load_all_checks()
    names = {check.__name__ for check in CHECKS.get_all()}
    assert {
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
        "positive_data_acceptance",
        "missing_required_header",
        "unsupported_method",
        "ignored_auth",
    } <= names
    config = schema.config.checks_config_for()
    assert [name for name in sorted(names) if not config.get_by_name(name=name).enabled] == []


def test_a_body_key_the_schema_leaves_out_is_refused_and_null_only_where_nullable():
    validator = _body_validator(schema["/api/v1/me"]["GET"], "200")
    assert validator is not None
    refused = {error.validator for error in validator.iter_errors({"surprise": 1})}
    assert "additionalProperties" in refused
    assert _body_validator(schema["/api/v1/me"]["GET"], "599") is None  # none documented
    nullable = _nullable({"type": "string", "nullable": True})
    assert jsonschema.Draft4Validator(nullable).is_valid(None)
    assert not jsonschema.Draft4Validator(_nullable({"type": "string"})).is_valid(None)
