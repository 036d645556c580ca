# The API, the Celery worker and beat share this image.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production \
    WEB_CONCURRENCY=4

RUN useradd --create-home --uid 1000 app
WORKDIR /app

COPY pyproject.toml README.md ./
COPY config ./config
COPY core ./core
COPY accounts ./accounts
COPY games ./games
COPY leaderboards ./leaderboards
COPY tournaments ./tournaments
COPY web ./web
COPY manage.py ./
# collectstatic loads the production settings, which refuse a placeholder key: give it a
# throwaway random one (the real key comes from the environment at run time).
RUN pip install . \
    && DJANGO_SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
       DJANGO_ALLOWED_HOSTS=localhost python manage.py collectstatic --noinput --verbosity 0

USER app
EXPOSE 8000
# The API on gunicorn's sync workers, WEB_CONCURRENCY of them (gunicorn reads it; 4 unless
# the environment says otherwise): one slow request or one stray event stream never leaves
# the API answering nobody. The production settings refuse event streams on WSGI (503
# streams_not_served_here): they belong to the events service (uvicorn, see compose).
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--access-logfile", "-"]
