"""The full local stack for the fault drills: PostgreSQL, Redis, gunicorn (the API), uvicorn
(the event streams), a Celery worker and Celery beat, every one a process of its own that a
drill can kill, stop and start again on the same port.

With ``nodes=N`` the stack is what several machines would run: N nodes, each with its own
gunicorn, uvicorn, Celery worker and beat (the beats share one lease in Redis, so one
schedules), against the one PostgreSQL and Redis, behind Debian's nginx running
``config/nginx/ginrummy.conf`` with N loopback servers in each upstream. The drills then talk
to the proxy only.

Nothing here is mocked: the servers are Debian's PostgreSQL, Redis and nginx binaries
(installed with apt when missing and running as root) and the service's own entry points with
the production settings, on loopback ports picked at random. Everything is stopped (and the
scratch folder removed) when the stack is closed.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def as_root() -> bool:
    return os.geteuid() == 0


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def apt_install(package: str) -> None:
    if not as_root():
        raise SystemExit(f"{package} is missing: install it (apt-get install {package})")
    log(f"installing {package} with apt")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", package], check=True, env=env, stdout=subprocess.DEVNULL
    )


class Postgres:
    """A throwaway cluster (fsync off) that can be stopped and started on its port."""

    def __init__(
        self, workdir: Path, name: str = "pg", settings: dict[str, str] | None = None
    ) -> None:
        self.settings = settings or {}  # more ``-c name=value`` at every start
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        if not found:
            apt_install("postgresql")
            found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        self.bin = found[-1].parent
        self.data = workdir / name
        self.port = free_port()
        self.logfile = workdir / f"{name}.log"
        self.workdir = workdir
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )

    def _run(self, *cmd: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if as_root() else []
        subprocess.run([*prefix, *cmd], check=True, stdout=subprocess.DEVNULL)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/ginrummy"

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.workdir} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200"
        )
        options += "".join(f" -c {name}={value}" for name, value in self.settings.items())
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.logfile),
            "-w",
            "-t",
            "30",
            "start",
            "-o",
            options,
        )

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def create_database(self) -> None:
        self._run(
            str(self.bin / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "ginrummy",
        )

    def close(self) -> None:
        if (self.data / "postmaster.pid").exists():
            prefix = ["runuser", "-u", "postgres", "--"] if as_root() else []
            subprocess.run(
                [
                    *prefix,
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )


class Redis:
    """Debian's redis-server, without persistence, stoppable and restartable on its port."""

    def __init__(self, workdir: Path) -> None:
        if shutil.which("redis-server") is None:
            apt_install("redis-server")
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    close = stop


NGINX_CONF = ROOT / "config" / "nginx" / "ginrummy.conf"


def proxy_site(listen: int, upstreams: dict[str, list[int]]) -> str:
    """``config/nginx/ginrummy.conf`` as the drills run it: listening on a loopback port, and
    each ``server NAME:PORT resolve ...;`` replaced by one loopback server per node, with the
    same parameters. Fails loudly if the file no longer has that shape."""
    loopback = rf"\g<1>listen 127.0.0.1:{listen};"
    text, count = re.subn(r"^(\s*)listen 80;$", loopback, NGINX_CONF.read_text(), flags=re.M)
    if count != 1:
        raise SystemExit(f"{NGINX_CONF.name}: expected one 'listen 80;', found {count}")
    for name, ports in upstreams.items():

        def servers(match: re.Match[str], ports: list[int] = ports) -> str:
            return "\n".join(f"{match[1]}server 127.0.0.1:{port}{match[2]};" for port in ports)

        text, count = re.subn(
            rf"^(\s*)server {name}:\d+ resolve([^;]*);$", servers, text, flags=re.M
        )
        if count != 1:
            raise SystemExit(f"{NGINX_CONF.name}: expected one 'server {name}:PORT resolve'")
    return text


class Proxy:
    """Debian's nginx in front of the nodes, as the compose ``proxy`` service: the site is
    ``config/nginx/ginrummy.conf`` (see :func:`proxy_site`); the access log records which
    node answered each request."""

    def __init__(self, workdir: Path, upstreams: dict[str, list[int]]) -> None:
        binary = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
        if binary is None:
            apt_install("nginx")
            binary = "/usr/sbin/nginx"
        self.port = free_port()
        self.dir = workdir / "nginx"
        self.dir.mkdir()
        os.chmod(self.dir, 0o777)  # its workers (nobody, when started as root) write here
        (self.dir / "ginrummy.conf").write_text(proxy_site(self.port, upstreams))
        temp = "".join(
            f"    {kind}_temp_path {self.dir / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.dir / "nginx.conf").write_text(
            "worker_processes 1;\nworker_rlimit_nofile 8192;\ndaemon off;\n"
            f"pid {self.dir / 'nginx.pid'};\nerror_log {self.dir / 'error.log'} warn;\n"
            "events { worker_connections 4096; }\n"
            "http {\n"
            "    log_format upstream '$msec $request_time $status $upstream_addr';\n"
            f"    access_log {self.access_log} upstream;\n"
            f"{temp}"
            f"    include {self.dir / 'ginrummy.conf'};\n"
            "}\n"
        )
        self.cmd = [binary, "-e", str(self.dir / "error.log"), "-p", str(self.dir)]
        self.cmd += ["-c", str(self.dir / "nginx.conf")]
        check = subprocess.run([*self.cmd, "-t"], capture_output=True, text=True, check=False)
        if check.returncode:
            raise SystemExit(f"nginx refused the proxy's configuration:\n{check.stderr}")

    @property
    def access_log(self) -> Path:
        return self.dir / "access.log"

    def answered_by(self, since: float = 0.0) -> dict[int, int]:
        """Requests that came in since ``since`` (a ``time.time()``) and were passed on, by
        the upstream port that answered (the last one tried)."""
        counts: dict[int, int] = {}
        if not self.access_log.exists():
            return counts
        for line in self.access_log.read_text().splitlines():
            done, took, _status, upstream = [*line.split(" ", 3), "", "", ""][:4]
            if float(done) - float(took) < since or ":" not in upstream:
                continue
            port = int(upstream.rsplit(":", 1)[1])
            counts[port] = counts.get(port, 0) + 1
        return counts


class Service:
    """One of the service's own processes (gunicorn, uvicorn, a Celery worker or beat)."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], logdir: Path) -> None:
        self.name, self.cmd, self.env = name, cmd, env
        self.logfile = logdir / f"{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.lock = threading.RLock()
        self.restarts = 0  # times the supervisor started it again after it exited

    def supervise(self) -> None:
        """Start the process again if it exited without being told to (as compose's
        ``restart: unless-stopped`` or a systemd unit would)."""
        with self.lock:
            if self.proc is not None and self.proc.poll() is not None:
                log(f"{self.name} exited with {self.proc.returncode}: the supervisor restarts it")
                self.restarts += 1
                self.start()

    def start(self) -> None:
        out = self.logfile.open("ab")
        self.proc = subprocess.Popen(
            self.cmd,
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def children(self) -> list[int]:
        """The pids of this process's direct children (gunicorn's or Celery's workers)."""
        if self.proc is None:
            return []
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True
        )
        return [int(pid) for pid in out.stdout.split()]

    def kill(self) -> None:
        """``kill -9`` of the whole process group: nothing gets to clean up."""
        with self.lock:
            self._kill()

    def _kill(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self) -> None:
        with self.lock:
            if self.proc is not None:
                try:
                    os.killpg(self.proc.pid, signal.SIGTERM)
                    self.proc.wait(timeout=20)
                except ProcessLookupError:
                    pass
                except subprocess.TimeoutExpired:
                    self._kill()
                self.proc = None

    close = stop


class Stack:
    """The whole stack, started in dependency order; ``close()`` stops everything."""

    def __init__(
        self,
        *,
        web_workers: int = 2,
        worker_concurrency: int = 2,
        sweep_seconds: float = 3.0,
        extra_env: dict[str, str] | None = None,
        nodes: int = 0,
        postgres_settings: dict[str, str] | None = None,
    ) -> None:
        """One of each process (``nodes=0``, the drills talk to gunicorn and uvicorn
        directly), or ``nodes`` nodes behind the proxy (services ``web-1``, ``events-1``,
        ``worker-1``, ``beat-1``, ``web-2``, ... and ``proxy``; ``api_port`` and
        ``events_port`` are then the proxy's). ``postgres_settings``: more server settings
        (``shared_preload_libraries``, ...)."""
        self.workdir = Path(tempfile.mkdtemp(prefix="ginrummy-drill."))
        os.chmod(self.workdir, 0o755)
        if as_root():
            shutil.chown(self.workdir, "postgres")
        self.logdir = self.workdir / "logs"
        self.logdir.mkdir()
        os.chmod(self.logdir, 0o777)
        self.postgres = Postgres(self.workdir, settings=postgres_settings)
        self.redis = Redis(self.workdir)
        self._closing = threading.Event()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DATABASE_URL": self.postgres.url,
            "CELERY_BROKER_URL": f"{self.redis.url}/0",
            "CACHE_URL": f"{self.redis.url}/1",
            "EVENTS_REDIS_URL": f"{self.redis.url}/2",
            "GAMES_SWEEP_SECONDS": str(sweep_seconds),
            "DJANGO_LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            # The load must measure the stack, not the throttles.
            **{
                f"THROTTLE_{scope}": "100000/min"
                for scope in (
                    "ACTIONS",
                    "REGISTER",
                    "TOKEN",
                    "CHAT",
                    "GAME_CREATE",
                    "GAME_REMATCH",
                    "GAME_CONCEDE",
                    "GAME_CANCEL",
                    "JOIN",
                    "JOIN_IP",
                    "PROFILE_UPDATE",
                )
            },
            "EVENTS_MAX_STREAMS_PER_USER": "50",
            **(extra_env or {}),
        }
        self.nodes = nodes
        self.services: dict[str, Service] = {}
        self.node_ports: list[tuple[int, int]] = []  # (api, events) of each node
        for node in range(1, nodes + 1) if nodes else [0]:
            ports = (free_port(), free_port())
            self.node_ports.append(ports)
            self.services.update(
                self._node(node, *ports, web_workers=web_workers, concurrency=worker_concurrency)
            )
        self.proxy: Proxy | None = None
        if nodes:
            self.proxy = Proxy(
                self.workdir,
                {
                    "web": [api for api, _ in self.node_ports],
                    "events": [events for _, events in self.node_ports],
                },
            )
            self.services["proxy"] = Service("proxy", self.proxy.cmd, self.env, self.logdir)
            self.env["DJANGO_NUM_PROXIES"] = "1"  # the proxy appends the client's address
            self.api_port = self.events_port = self.proxy.port
        else:
            self.api_port, self.events_port = self.node_ports[0]

    def _node(
        self, node: int, api_port: int, events_port: int, *, web_workers: int, concurrency: int
    ) -> dict[str, Service]:
        """The processes of one node (named ``web``, ... or, with nodes, ``web-1``, ...)."""
        suffix = f"-{node}" if node else ""
        worker_name = ["-n", f"node{node}@%h"] if node else []
        commands = {
            "web": [
                str(BIN / "gunicorn"),
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{api_port}",
                "--workers",
                str(web_workers),
                "--log-level",
                "warning",
            ],
            "events": [
                str(BIN / "uvicorn"),
                "config.asgi:application",
                "--port",
                str(events_port),
                "--log-level",
                "warning",
                "--no-access-log",
            ],
            "worker": [
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "--concurrency",
                str(concurrency),
                "--loglevel",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
                *worker_name,
            ],
            "beat": [
                str(BIN / "celery"),
                "-A",
                "config",
                "beat",
                "--loglevel",
                "WARNING",
                "--schedule",
                str(self.workdir / f"beat-schedule{suffix}"),
            ],
        }
        return {
            name + suffix: Service(name + suffix, cmd, self.env, self.logdir)
            for name, cmd in commands.items()
        }

    def node_services(self, node: int) -> list[Service]:
        """The processes of node ``node`` (1, 2, ...)."""
        return [s for name, s in self.services.items() if name.endswith(f"-{node}")]

    def beat_leader(self) -> int | None:
        """The node whose beat holds the lease (0 without nodes), or None when none does."""
        import redis

        token = redis.Redis.from_url(self.env["CELERY_BROKER_URL"]).get("ginrummy:beat:leader")
        if token is None:
            return None
        pid = int(token.decode().split(":")[1])
        for name, service in self.services.items():
            if name.startswith("beat") and service.proc is not None and service.proc.pid == pid:
                return int(name.rsplit("-", 1)[1]) if "-" in name else 0
        return None

    def __enter__(self) -> Stack:
        self.postgres.start()
        self.postgres.create_database()
        self.redis.start()
        self.manage("migrate", "--noinput", "-v0")
        for service in self.services.values():
            service.start()
        for api, events in self.node_ports:
            self.wait_healthy(api)
            self.wait_healthy(events)
        if self.proxy is not None:
            self.wait_healthy(self.proxy.port)
        self._supervisor = threading.Thread(target=self._supervise, daemon=True)
        self._supervisor.start()
        return self

    def _supervise(self) -> None:
        while not self._closing.wait(0.5):
            for service in self.services.values():
                service.supervise()

    def restarted(self) -> dict[str, int]:
        """Processes the supervisor had to start again, by name."""
        return {name: s.restarts for name, s in self.services.items() if s.restarts}

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._closing.set()
        for service in self.services.values():
            service.close()
        self.redis.close()
        self.postgres.close()
        keep = os.environ.get("DRILL_KEEP_LOGS")
        if keep:
            shutil.copytree(self.logdir, Path(keep), dirs_exist_ok=True)
        shutil.rmtree(self.workdir, ignore_errors=True)

    def manage(self, *args: str, database: str | None = None) -> subprocess.CompletedProcess[str]:
        """``manage.py`` with the stack's settings (on another database's URL if given)."""
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, "DATABASE_URL": database or self.postgres.url},
            capture_output=True,
            text=True,
            check=False,
        )

    def health(self, port: int | None = None, timeout: float = 5) -> tuple[int, dict[str, Any]]:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port or self.api_port, timeout=timeout)
            conn.request("GET", "/api/v1/health")
            response = conn.getresponse()
            return response.status, json.loads(response.read() or b"{}")
        except (OSError, http.client.HTTPException, ValueError):
            return 0, {}

    def wait_healthy(self, port: int, timeout: float = 60) -> float:
        """Seconds until ``/api/v1/health`` on ``port`` answers 200."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.health(port)[0] == 200:
                return time.monotonic() - started
            time.sleep(0.2)
        raise SystemExit(f"the server on port {port} did not become healthy")

    def sql(self, query: str, *params: Any, database: str | None = None) -> list[tuple[Any, ...]]:
        import psycopg

        with psycopg.connect(database or self.postgres.url, autocommit=True) as conn:
            cursor = conn.execute(query, params)  # type: ignore[arg-type]
            return list(cursor.fetchall()) if cursor.description is not None else []
