"""The full local stack for the fault drills: PostgreSQL, Redis, gunicorn (the API), uvicorn
(the event streams), a Celery worker and Celery beat, every one a process of its own that a
drill can kill, stop and start again on the same port.

With ``nodes=N`` the stack is what several machines would run: N nodes, each with its own
gunicorn, uvicorn, Celery worker and beat (the beats share one lease in Redis, so one
schedules), against the one PostgreSQL and Redis, behind Debian's nginx running
``config/nginx/ginrummy.conf`` with N loopback servers in each upstream. The drills then talk
to the proxy only.

With ``cluster=True`` PostgreSQL is what production runs (docker-compose.yml): a primary
and a synchronous standby, each managed by Patroni, with etcd as Patroni's store; every
process reaches the writable node through libpq's multi-host URL.

Nothing here is mocked: the servers are Debian's PostgreSQL, Redis, nginx, Patroni and etcd
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
from collections.abc import Callable
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


def pg_bin() -> Path:
    """The newest installed PostgreSQL server binaries (installed with apt when missing)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        apt_install("postgresql")
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent


def as_postgres(cmd: list[str]) -> list[str]:
    """``cmd`` as the ``postgres`` user when running as root (PostgreSQL refuses root)."""
    return ["runuser", "-u", "postgres", "--", *cmd] if as_root() else cmd


def kill_group(pid: int) -> None:
    """``kill -9`` of the process group that ``pid`` belongs to (nothing gets to clean up);
    never this script's own group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        group = os.getpgid(pid)
        if group != os.getpgrp():
            os.killpg(group, signal.SIGKILL)


class Etcd:
    """One etcd member (Debian's etcd-server, installed with apt when missing) on loopback
    ports: the store Patroni keeps its leader key and its members in. Production runs three
    (docker-compose.yml), so that losing one loses no quorum; the drills lose database
    nodes, not the store."""

    def __init__(self, workdir: Path) -> None:
        if shutil.which("etcd") is None:
            apt_install("etcd-server")
        self.client_port, self.peer_port = free_port(), free_port()
        self.data = workdir / "etcd"
        self.logfile = workdir / "logs" / "etcd.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def endpoint(self) -> str:
        return f"127.0.0.1:{self.client_port}"

    def start(self) -> None:
        peer = f"http://127.0.0.1:{self.peer_port}"
        client = f"http://{self.endpoint}"
        self.proc = subprocess.Popen(
            [
                "etcd",
                "--name=drill",
                f"--data-dir={self.data}",
                f"--listen-client-urls={client}",
                f"--advertise-client-urls={client}",
                f"--listen-peer-urls={peer}",
                f"--initial-advertise-peer-urls={peer}",
                f"--initial-cluster=drill={peer}",
                "--log-level=warn",
            ],
            stdout=self.logfile.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if http_get(self.client_port, "/health")[0] == 200:
                return
            time.sleep(0.2)
        raise SystemExit("etcd did not start")

    def close(self) -> None:
        if self.proc is not None:
            kill_group(self.proc.pid)
            self.proc.wait()
            self.proc = None


def http_get(port: int, path: str, timeout: float = 2) -> tuple[int, Any]:
    """A GET on a loopback port: the status and the decoded JSON (0, None when nothing
    answered)."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path)
        response = conn.getresponse()
        raw = response.read()
    except (OSError, http.client.HTTPException):
        return 0, None
    try:
        return response.status, json.loads(raw) if raw else None
    except ValueError:
        return response.status, None


# Patroni's timings in the drills: the leader key lives ``ttl`` seconds unless renewed,
# every node runs its loop every ``loop_wait`` seconds, and gives up on the store or
# PostgreSQL after ``retry_timeout``. Shorter than Patroni's defaults (30, 10, 10) so that
# a node lost whole is replaced within seconds (ttl >= loop_wait + 2 x retry_timeout, as
# Patroni asks); docker-compose.yml keeps the defaults. ``primary_start_timeout: 0``: a
# primary whose PostgreSQL crashed fails over at once to the synchronous standby instead of
# restarting in place (Patroni's default waits up to 300 s for the restart).
PATRONI_TIMINGS = {"ttl": 10, "loop_wait": 1, "retry_timeout": 4, "primary_start_timeout": 0}


class PatroniNode:
    """One database machine: Patroni (Debian's package) running PostgreSQL on its own data
    folder and port, with Patroni's REST API beside it."""

    def __init__(self, cluster: PatroniCluster, name: str) -> None:
        self.cluster, self.name = cluster, name
        self.port, self.api_port = free_port(), free_port()
        self.data = cluster.workdir / name
        self.config = cluster.workdir / f"{name}.yml"
        self.logfile = cluster.workdir / "logs" / f"patroni-{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.config.write_text(json.dumps(self._config(), indent=2))  # JSON is YAML

    def _config(self) -> dict[str, Any]:
        auth = {"username": "postgres", "password": "drill"}
        socket_dir = str(self.cluster.workdir)
        return {
            "scope": "ginrummy",
            "name": self.name,
            "log": {"level": "INFO"},
            "restapi": {
                "listen": f"127.0.0.1:{self.api_port}",
                "connect_address": f"127.0.0.1:{self.api_port}",
            },
            "etcd3": {"hosts": [self.cluster.etcd.endpoint]},
            "bootstrap": {
                "dcs": {
                    **PATRONI_TIMINGS,
                    # A commit is acknowledged once the synchronous standby has it too, and
                    # only that standby may be promoted: no acknowledged move is lost.
                    "synchronous_mode": True,
                    "maximum_lag_on_failover": 1048576,
                    "postgresql": {
                        "use_pg_rewind": True,
                        "use_slots": True,
                        "parameters": {
                            "wal_level": "replica",
                            "hot_standby": "on",
                            "wal_log_hints": "on",
                            "max_wal_senders": 10,
                            "max_replication_slots": 10,
                            "max_connections": 200,
                            "wal_keep_size": "128MB",
                        },
                    },
                },
                "initdb": [{"encoding": "UTF8"}, {"auth": "trust"}, "no-sync"],
            },
            "postgresql": {
                "listen": f"127.0.0.1:{self.port}",
                "connect_address": f"127.0.0.1:{self.port}",
                "data_dir": str(self.data),
                "bin_dir": str(self.cluster.bin),
                "pgpass": str(self.cluster.workdir / f"{self.name}.pgpass"),
                "authentication": {"superuser": auth, "replication": auth, "rewind": auth},
                # A new standby's base backup starts at once, not after a spread checkpoint
                # (which, while the stack migrates, took a minute and a half).
                "basebackup": [{"checkpoint": "fast"}],
                "pg_hba": [
                    "local all all trust",
                    "host all all 127.0.0.1/32 trust",
                    "host replication all 127.0.0.1/32 trust",
                ],
                # fsync off as in the other drills: they kill processes, not the machine, so
                # what the kernel holds survives; every commit still waits for the standby.
                "parameters": {
                    "unix_socket_directories": socket_dir,
                    "fsync": "off",
                    **self.cluster.settings,
                },
            },
            "watchdog": {"mode": "off"},
            "tags": {"nofailover": False, "noloadbalance": False, "clonefrom": False},
        }

    def start(self) -> None:
        self.proc = subprocess.Popen(
            as_postgres(["patroni", str(self.config)]),
            stdout=self.logfile.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def postmaster(self) -> int | None:
        """The pid of this node's PostgreSQL (its own session: Patroni starts it apart)."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def kill_postgres(self) -> None:
        """``kill -9`` of PostgreSQL (the postmaster and every backend); Patroni lives on."""
        pid = self.postmaster()
        if pid is not None:
            kill_group(pid)

    def kill(self) -> None:
        """``kill -9`` of the whole node: Patroni and PostgreSQL."""
        if self.proc is not None:
            kill_group(self.proc.pid)
            self.proc.wait()
            self.proc = None
        self.kill_postgres()

    def state(self) -> dict[str, Any]:
        """Patroni's own view of this node (``GET /patroni``), {} when it does not answer."""
        status, body = http_get(self.api_port, "/patroni")
        return body if status in (200, 503) and isinstance(body, dict) else {}

    def is_primary(self) -> bool:
        return http_get(self.api_port, "/primary")[0] == 200

    def wal_receiver(self) -> int | None:
        """The pid of this standby's WAL receiver (None on a primary or when it has none)."""
        import psycopg

        try:
            with psycopg.connect(self.cluster.node_url(self, "postgres"), connect_timeout=2) as c:
                row = c.execute("SELECT pid FROM pg_stat_wal_receiver").fetchone()
        except psycopg.Error:
            return None
        return int(row[0]) if row else None

    def is_sync_standby(self) -> bool:
        """A running replica that the primary names as its synchronous standby."""
        return http_get(self.api_port, "/sync")[0] == 200

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
        self.kill()


class PatroniCluster:
    """PostgreSQL as the production shape runs it: a primary and a synchronous standby,
    each managed by Patroni, with etcd as Patroni's store. The service connects with
    libpq's multi-host form and ``target_session_attrs=read-write`` (:attr:`url`), so
    every new connection reaches whichever node is the writable primary."""

    def __init__(
        self, workdir: Path, nodes: int = 2, settings: dict[str, str] | None = None
    ) -> None:
        self.workdir = workdir
        self.settings = settings or {}
        self.bin = pg_bin()
        if shutil.which("patroni") is None:
            apt_install("patroni")
        self.etcd = Etcd(workdir)
        self.nodes = [PatroniNode(self, f"pg{i}") for i in range(1, nodes + 1)]

    def _hosts(self) -> str:
        return ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    @property
    def url(self) -> str:
        """The writable node, whichever it is (libpq tries each host in turn)."""
        return (
            f"postgres://postgres@{self._hosts()}/ginrummy"
            "?target_session_attrs=read-write&connect_timeout=2"
        )

    @property
    def replica_url(self) -> str:
        """A standby when one is up, else the primary."""
        return (
            f"postgres://postgres@{self._hosts()}/ginrummy"
            "?target_session_attrs=prefer-standby&connect_timeout=2"
        )

    def node_url(self, node: PatroniNode, database: str = "ginrummy") -> str:
        return f"postgres://postgres@127.0.0.1:{node.port}/{database}"

    def start(self) -> None:
        """etcd, then the first node (which bootstraps the cluster and becomes the primary),
        then the others, which clone it and follow; :meth:`wait_synchronous` waits for them
        (the stack migrates meanwhile)."""
        self.etcd.start()
        first, *others = self.nodes
        first.start()
        self.wait(first.is_primary, "the first node to become the primary")
        for node in others:
            node.start()

    def wait(self, condition: Callable[[], bool], what: str, timeout: float = 90) -> float:
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if condition():
                return time.monotonic() - started
            time.sleep(0.2)
        raise SystemExit(f"the database cluster: timed out waiting for {what}")

    def primary(self) -> PatroniNode | None:
        return next((node for node in self.nodes if node.is_primary()), None)

    def sync_standby(self) -> PatroniNode | None:
        return next((node for node in self.nodes if node.is_sync_standby()), None)

    def wait_synchronous(self, timeout: float = 90) -> float:
        """Seconds until there is a primary and a synchronous standby streaming from it."""
        return self.wait(
            lambda: self.primary() is not None and self.sync_standby() is not None,
            "a primary and a synchronous standby",
            timeout,
        )

    def create_database(self) -> None:
        import psycopg

        primary = self.primary()
        assert primary is not None
        with psycopg.connect(self.node_url(primary, "postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE ginrummy")

    def close(self) -> None:
        for node in self.nodes:
            node.close()
        self.etcd.close()


class PgBouncer:
    """Debian's PgBouncer (installed with apt when missing) in front of one PostgreSQL, in
    transaction mode: a server connection is lent to a client for one transaction, so many
    client connections share a few server ones. Such a pool cannot keep a session's
    prepared statements (PgBouncer 1.18), so the service behind it runs with
    ``DJANGO_DB_PREPARED=false``. Used by ``bench/pooling_load.py``."""

    def __init__(self, workdir: Path, postgres: Postgres, pool_size: int = 10) -> None:
        binary = shutil.which("pgbouncer", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
        if binary is None:
            apt_install("pgbouncer")
            binary = "/usr/sbin/pgbouncer"
        self.port = free_port()
        self.config = workdir / "pgbouncer.ini"
        self.config.write_text(
            "[databases]\n"
            f"ginrummy = host=127.0.0.1 port={postgres.port} dbname=ginrummy user=postgres "
            "connect_query='SET application_name = pgbouncer'\n"
            "[pgbouncer]\n"
            f"listen_addr = 127.0.0.1\nlisten_port = {self.port}\n"
            f"unix_socket_dir = {workdir}\n"
            "auth_type = any\npool_mode = transaction\n"
            f"default_pool_size = {pool_size}\nmax_client_conn = 1000\n"
            "ignore_startup_parameters = extra_float_digits,options\n"
            f"logfile = {workdir / 'logs' / 'pgbouncer.log'}\n"
            f"pidfile = {workdir / 'pgbouncer.pid'}\n"
        )
        self.cmd = as_postgres([binary, str(self.config)])
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/ginrummy"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5),
            ):
                return
            time.sleep(0.1)
        raise SystemExit("pgbouncer did not start")

    def close(self) -> None:
        if self.proc is not None:
            kill_group(self.proc.pid)
            self.proc.wait()
            self.proc = None


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
        cluster: bool = False,
    ) -> None:
        """One of each process (``nodes=0``, the drills talk to gunicorn and uvicorn
        directly), or ``nodes`` nodes behind the proxy (services ``web-1``, ``events-1``,
        ``worker-1``, ``beat-1``, ``web-2``, ... and ``proxy``; ``api_port`` and
        ``events_port`` are then the proxy's). ``postgres_settings``: more server settings
        (``shared_preload_libraries``, ...). ``cluster``: PostgreSQL as a primary and a
        synchronous standby under Patroni (:class:`PatroniCluster`, as ``self.postgres``),
        which every process reaches through libpq's multi-host URL; the replica URL
        (``DATABASE_REPLICA_URL``) prefers the standby."""
        self.workdir = Path(tempfile.mkdtemp(prefix="ginrummy-drill."))
        os.chmod(self.workdir, 0o755)
        if as_root():
            shutil.chown(self.workdir, "postgres")
        self.logdir = self.workdir / "logs"
        self.logdir.mkdir()
        os.chmod(self.logdir, 0o777)
        self.postgres: Postgres | PatroniCluster
        if cluster:
            self.postgres = PatroniCluster(self.workdir, settings=postgres_settings)
        else:
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
            **(
                {"DATABASE_REPLICA_URL": self.postgres.replica_url}
                if isinstance(self.postgres, PatroniCluster)
                else {}
            ),
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
        try:
            self._start()
        except BaseException:  # nothing started may outlive a stack that failed to start
            self.close()
            raise
        self._supervisor = threading.Thread(target=self._supervise, daemon=True)
        self._supervisor.start()
        return self

    def _start(self) -> None:
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
        if isinstance(self.postgres, PatroniCluster):
            self.postgres.wait_synchronous()

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

    def wait_healthy(self, port: int, timeout: float = 180) -> float:
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
