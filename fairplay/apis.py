"""The fair-play endpoints: a player's reports, record and appeals; staff's queue.

Views are thin: parse (a nested ``InputSerializer``), call one service or selector,
present. Thresholds are never in an answer; the rule that fired is, in words.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    inline_serializer,
)
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.api import StrictSerializer, iso, validated
from core.pagination import PageNumberPagination, single_query_value
from core.schema import error_responses, page_parameters

from . import presenters, selectors, services
from .models import ReportReason, SanctionKind, SignalKind, SignalStatus
from .throttles import AppealThrottle, ReportThrottle

TAGS = ["fair play"]
MAX_TEXT = 2000


class _UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class AppealStateSerializer(serializers.Serializer):
    status = serializers.ChoiceField(["open", "upheld", "rejected"])
    text = serializers.CharField()
    answer = serializers.CharField(allow_null=True, help_text="Staff's answer, once read.")
    created_at = serializers.DateTimeField()
    resolved_at = serializers.DateTimeField(allow_null=True)


class SanctionSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="What POST /me/fair-play/appeal names.")
    kind = serializers.ChoiceField(SanctionKind.values)
    rule = serializers.ChoiceField(SignalKind.values, help_text="The rule that fired.")
    rule_text = serializers.CharField(help_text="The rule, in plain words.")
    what_it_means = serializers.CharField(help_text="What the sanction does, in plain words.")
    created_at = serializers.DateTimeField()
    until = serializers.DateTimeField(allow_null=True, help_text="Null: until lifted.")
    in_force = serializers.BooleanField()
    lifted_at = serializers.DateTimeField(allow_null=True)
    appeal = AppealStateSerializer(allow_null=True, help_text="The latest appeal, if any.")


class RestrictionsSerializer(serializers.Serializer):
    playban_until = serializers.DateTimeField(
        allow_null=True, help_text="Playing other people is refused (403 `playban`) until then."
    )
    tournament_ban = serializers.BooleanField(help_text="Entries are refused (`tournament_ban`).")
    unrated = serializers.BooleanField(help_text="New games are unrated.")
    marked = serializers.BooleanField()
    warning = serializers.CharField(
        allow_null=True, help_text="An active warning's rule, in words, to show the player."
    )


class MyFairPlaySerializer(serializers.Serializer):
    restrictions = RestrictionsSerializer()
    sanctions = SanctionSerializer(many=True)
    how_to_appeal = serializers.CharField()


class MyFairPlayApi(APIView):
    """The caller's own warnings and sanctions."""

    @extend_schema(
        operation_id="fair_play_me",
        tags=TAGS,
        summary="My warnings and sanctions",
        description=(
            "Every warning and sanction of the caller, newest first, each with the rule that "
            "fired in plain words (never its threshold) and how to appeal; `restrictions` "
            "says what is in force now (the web client shows it on the play screen and "
            "before a tournament join)."
        ),
        responses={200: MyFairPlaySerializer, **error_responses(401)},
    )
    def get(self, request: Request) -> Response:
        user = request_user(request)
        return Response(presenters.my_fair_play(sanctions=selectors.sanctions_of(user_id=user.pk)))


class AppealApi(APIView):
    """Appeal against one of the caller's sanctions."""

    throttle_classes = [AppealThrottle]

    class InputSerializer(StrictSerializer):
        sanction = serializers.IntegerField(min_value=1, help_text="The sanction's `id`.")
        text = serializers.CharField(max_length=4000, help_text="Why it is a mistake.")

    @extend_schema(
        operation_id="fair_play_appeal",
        tags=TAGS,
        summary="Appeal against a sanction",
        request=InputSerializer,
        responses={
            201: AppealStateSerializer,
            **error_responses(
                400, 401, 404, 409, 415, 429, codes={409: ["appeal_open", "nothing_to_appeal"]}
            ),
        },
        examples=[
            OpenApiExample(
                "appeal",
                value={"sanction": 12, "text": "My brother played on my phone once."},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        appeal = services.appeal_create(
            user=request_user(request), sanction_id=data["sanction"], text=data["text"]
        )
        return Response(presenters.appeal_json(appeal), status=status.HTTP_201_CREATED)


class ReportApi(APIView):
    """Report a player."""

    throttle_classes = [ReportThrottle]

    class InputSerializer(StrictSerializer):
        user = serializers.CharField(max_length=150, help_text="The reported player's username.")
        game = serializers.UUIDField(required=False, help_text="A game you both played.")
        reason = serializers.ChoiceField(ReportReason.values)
        text = serializers.CharField(
            max_length=MAX_TEXT, required=False, allow_blank=True, help_text="What you saw."
        )

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        user = serializers.CharField(help_text="The reported player's username.")
        game = serializers.UUIDField(allow_null=True)
        reason = serializers.ChoiceField(ReportReason.values)
        created_at = serializers.DateTimeField()

    @extend_schema(
        operation_id="fair_play_report",
        tags=TAGS,
        summary="Report a player",
        description=(
            "One report per reporter and game (409 `already_reported`); staff read every "
            "report. The reported player is not told who reported them."
        ),
        request=InputSerializer,
        responses={
            201: OutputSerializer,
            **error_responses(
                400,
                401,
                404,
                409,
                415,
                422,
                429,
                codes={409: ["already_reported"], 422: ["cannot_report_self", "not_in_game"]},
            ),
        },
        examples=[
            OpenApiExample(
                "report",
                value={"user": "bob", "reason": "win_trading", "text": "Concedes every game."},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        report = services.report_create(
            reporter=request_user(request),
            username=data["user"],
            game_id=data.get("game"),
            reason=data["reason"],
            text=data.get("text", ""),
        )
        body = {
            "id": report.pk,
            "user": report.user.username,
            "game": str(report.game_id) if report.game_id else None,
            "reason": report.reason,
            "created_at": iso(report.created_at),
        }
        return Response(body, status=status.HTTP_201_CREATED)


class IsStaff(permissions.BasePermission):
    """Staff accounts only (``is_staff``): 403 ``permission_denied`` for anyone else."""

    message = "Staff only."

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)


class StaffSignalSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(SignalKind.values)
    rule_text = serializers.CharField()
    user = _UserSerializer()
    other = _UserSerializer(allow_null=True)
    game_id = serializers.UUIDField(allow_null=True)
    score = serializers.FloatField(help_text="How strongly the rule fired (its own measure).")
    evidence = serializers.DictField(help_text="The figures behind it, rule by rule.")
    status = serializers.ChoiceField(SignalStatus.values)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    resolved_at = serializers.DateTimeField(allow_null=True)
    resolved_by = _UserSerializer(allow_null=True)
    resolution = serializers.CharField(allow_null=True)


class StaffSignalsApi(APIView):
    """Staff's queue of signals."""

    permission_classes = [permissions.IsAuthenticated, IsStaff]

    @extend_schema(
        operation_id="fair_play_staff_signals",
        tags=TAGS,
        summary="Signals to review (staff)",
        parameters=[
            OpenApiParameter("kind", OpenApiTypes.STR, enum=SignalKind.values),
            OpenApiParameter(
                "status", OpenApiTypes.STR, enum=SignalStatus.values, description="Default open."
            ),
            *page_parameters(),
        ],
        responses={
            200: inline_serializer(
                "StaffSignalPage",
                {
                    "count": serializers.IntegerField(),
                    "next": serializers.URLField(allow_null=True),
                    "previous": serializers.URLField(allow_null=True),
                    "results": StaffSignalSerializer(many=True),
                },
            ),
            **error_responses(400, 401, 403),
        },
    )
    def get(self, request: Request) -> Response:
        kind = single_query_value(request, "kind")
        state = single_query_value(request, "status")
        problems = {}
        if kind is not None and kind not in SignalKind.values:
            problems["kind"] = [f"One of {', '.join(SignalKind.values)}."]
        if state is not None and state not in SignalStatus.values:
            problems["status"] = [f"One of {', '.join(SignalStatus.values)}."]
        if problems:
            raise serializers.ValidationError(problems)
        paginator = PageNumberPagination()
        rows = selectors.signals_for_staff(kind=kind, status=state)
        page = paginator.paginate_queryset(rows, request, self) or []
        return paginator.get_paginated_response([presenters.signal_json(s) for s in page])


class StaffResolveApi(APIView):
    """Staff's decision on one signal."""

    permission_classes = [permissions.IsAuthenticated, IsStaff]

    class InputSerializer(StrictSerializer):
        action = serializers.ChoiceField(
            list(services.RESOLUTIONS),
            help_text="`dismiss`, or the sanction to apply to the signal's player.",
        )
        note = serializers.CharField(
            max_length=MAX_TEXT, help_text="Why (kept with the decision; never shown)."
        )
        minutes = serializers.IntegerField(
            min_value=1, max_value=525600, required=False, help_text="A play ban's length."
        )
        days = serializers.IntegerField(
            min_value=1,
            max_value=3650,
            required=False,
            help_text="`warn`, `unrated_only`, `tournament_ban`: how long (default: a warning "
            "a week, the others until lifted).",
        )

    @extend_schema(
        operation_id="fair_play_staff_resolve",
        tags=TAGS,
        summary="Resolve a signal (staff)",
        parameters=[OpenApiParameter("signal_id", OpenApiTypes.INT, OpenApiParameter.PATH)],
        request=InputSerializer,
        responses={
            200: StaffSignalSerializer,
            **error_responses(400, 401, 403, 404, 409, 415, codes={409: ["signal_resolved"]}),
        },
        examples=[
            OpenApiExample(
                "ban",
                value={"action": "playban", "minutes": 1440, "note": "Sits in lost games."},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, signal_id: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        signal = services.signal_resolve(
            signal_id=signal_id,
            staff=request_user(request),
            action=data["action"],
            note=data["note"],
            minutes=data.get("minutes"),
            days=data.get("days"),
        )
        signal.refresh_from_db()
        return Response(presenters.signal_json(signal))
