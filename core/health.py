"""``GET /api/v1/health``: is the database reachable, and the broker when one is configured."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from kombu import Connection
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2.0


def check_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "down"; the reason goes to the log
        logger.warning("health: database check failed: %s", exc)
        return "unavailable"
    return "ok"


def check_broker() -> str:
    if not settings.CELERY_BROKER_URL:
        return "not_configured"
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT_SECONDS) as conn:
            conn.ensure_connection(max_retries=1, timeout=int(BROKER_TIMEOUT_SECONDS) or 1)
    except Exception as exc:  # any failure means "down"; the reason goes to the log
        logger.warning("health: broker check failed: %s", exc)
        return "unavailable"
    return "ok"


class HealthApi(APIView):
    """Liveness and readiness: 200 when every configured dependency answers, else 503."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="health",
        tags=["operations"],
        auth=[],
        responses={
            (200, "application/json"): inline_serializer(
                name="Health",
                fields={
                    "status": serializers.ChoiceField(choices=["ok", "unavailable"]),
                    "checks": serializers.DictField(child=serializers.CharField()),
                },
            ),
            (503, "application/json"): inline_serializer(
                name="HealthUnavailable",
                fields={
                    "status": serializers.CharField(),
                    "code": serializers.CharField(),
                    "detail": serializers.CharField(),
                    "checks": serializers.DictField(child=serializers.CharField()),
                },
            ),
        },
    )
    def get(self, request: Request) -> Response:
        checks = {"database": check_database(), "broker": check_broker()}
        failed = [name for name, state in checks.items() if state == "unavailable"]
        if failed:
            body = {
                "status": "unavailable",
                "code": "unavailable",
                "detail": "Unavailable: " + ", ".join(failed) + ".",
                "checks": checks,
            }
            return Response(body, status=503)
        return Response({"status": "ok", "checks": checks})
