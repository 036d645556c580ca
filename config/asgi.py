"""ASGI entry point (uvicorn ``config.asgi:application``), used for the event streams.

Django runs each ASGI request in its own thread-sensitive context, and the first
thread-sensitive call of a request (the ``request_started`` receivers, sync middleware)
starts a thread for that context that lives as long as the request. A stream is a request
that lasts for hours, so that would be one idle thread (stack, thread state, a malloc
arena) per open stream. Here every request enters one context bound to a single shared
thread instead: Django's own context then finds one already set and adds none. The
thread-sensitive work of this service is a few short calls at the start and end of each
stream; the streams' database reads run on their own threads (``games.live.streams``).
"""

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

django_application = get_asgi_application()

_thread_sensitive = ThreadPoolExecutor(max_workers=1, thread_name_prefix="asgi-sync")


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    async with ThreadSensitiveContext(executor=_thread_sensitive):
        await django_application(scope, receive, send)
