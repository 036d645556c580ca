"""The embedded default (``make run``: the local settings on a SQLite file) copes with
several writers at once: WAL (readers beside the writer), a busy timeout (a writer waits
for the lock instead of failing), and ``IMMEDIATE`` transactions (the lock is taken at
``BEGIN``, where the busy timeout applies). Checked in a process of its own, since the
suite itself runs on PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from config.settings.base import SQLITE_BUSY_TIMEOUT_SECONDS

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import json, sqlite3, threading, time
import django
django.setup()
from django.db import connection, transaction

out = {"vendor": connection.vendor}
with connection.cursor() as cursor:
    for pragma in ("journal_mode", "busy_timeout", "synchronous"):
        cursor.execute(f"PRAGMA {pragma}")
        out[pragma] = cursor.fetchone()[0]
    cursor.execute("CREATE TABLE moves (n INTEGER)")
out["transaction_mode"] = connection.settings_dict["OPTIONS"].get("transaction_mode")

other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0, isolation_level=None)
with transaction.atomic():  # no statement yet: the write lock is taken at BEGIN
    try:
        other.execute("BEGIN IMMEDIATE")
        out["second_writer_inside"] = "got the lock"
        other.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        out["second_writer_inside"] = str(exc)
    out["reader_inside"] = other.execute("SELECT count(*) FROM moves").fetchone()[0]
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO moves VALUES (1)")
    waited = {}
    ready = threading.Event()

    def second_writer():  # another request's write: it waits for the lock, then commits
        connection.ensure_connection()
        waited["begin_at"] = time.monotonic()
        ready.set()
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("INSERT INTO moves VALUES (2)")
            waited["outcome"] = "committed"
        except Exception as exc:
            waited["outcome"] = repr(exc)
        waited["done_at"] = time.monotonic()
        connection.close()

    thread = threading.Thread(target=second_writer)
    thread.start()
    ready.wait(60)
    time.sleep(0.3)  # the first writer holds the lock a while longer
released_at = time.monotonic()
thread.join()
other.execute("BEGIN IMMEDIATE")
out["second_writer_after"] = "got the lock"
other.execute("ROLLBACK")
out["waiting_writer"] = {
    "outcome": waited["outcome"],
    "began_before_the_release": waited["begin_at"] < released_at,
    "done_after_the_release": waited["done_at"] >= released_at,
}
out["rows"] = other.execute("SELECT count(*) FROM moves").fetchone()[0]
print(json.dumps(out))
"""


def test_the_local_settings_open_sqlite_in_wal_mode_with_a_busy_timeout(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"CELERY_BROKER_URL", "CACHE_URL", "EVENTS_REDIS_URL"}
    }
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a bound for a process that hangs, far above what it takes
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["vendor"] == "sqlite"
    assert out["journal_mode"] == "wal"
    assert out["busy_timeout"] == SQLITE_BUSY_TIMEOUT_SECONDS * 1000
    assert out["synchronous"] == 1  # NORMAL
    assert out["transaction_mode"] == "IMMEDIATE"
    # Inside a transaction that has not written yet, the write lock is already held; a
    # reader still reads (WAL).
    assert out["second_writer_inside"] == "database is locked"
    assert out["reader_inside"] == 0
    assert out["second_writer_after"] == "got the lock"
    # A second writer meanwhile waited for the lock (the busy timeout) and then committed,
    # rather than failing at once.
    assert out["waiting_writer"] == {
        "outcome": "committed",
        "began_before_the_release": True,
        "done_after_the_release": True,
    }
    assert out["rows"] == 2
