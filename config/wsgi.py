"""WSGI entry point (gunicorn ``config.wsgi``, and ``runserver``: ``make run``, where
without a broker beat's tournament safety net runs in-process, ``config.embedded_beat``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_wsgi_application()

from config import embedded_beat  # noqa: E402  (needs the settings loaded above)

embedded_beat.start()
