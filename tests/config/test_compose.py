"""docker-compose.yml scales web, events and worker behind the proxy, migrates once, runs
PostgreSQL as a Patroni cluster (a primary and a synchronous standby, etcd as its store)
that the services reach through libpq's multi-host URL, and the proxy's configuration
resolves every replica and answers its own errors in the API's shape."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCALED = ("web", "events", "worker", "beat")


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_that_scale_publish_no_host_port_and_wait_for_the_one_migration():
    services = compose()["services"]
    for name in SCALED:
        service = services[name]
        assert "ports" not in service and "container_name" not in service, name
        assert service["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }, name
        assert "migrate" not in str(service["command"]), name
        assert service["environment"]["DJANGO_SECRET_KEY"].startswith("${DJANGO_SECRET_KEY:?")
    assert services["migrate"]["command"] == "python manage.py migrate --noinput"
    assert services["migrate"]["restart"] == "no"
    assert list(services["proxy"]["ports"]) == ["${PROXY_PORT:-8000}:80"]


def test_the_proxy_resolves_every_replica_through_dockers_dns():
    services = compose()["services"]
    image, tag = services["proxy"]["image"].split(":")
    assert image == "nginx"
    major, minor = (int(part) for part in re.findall(r"\d+", tag)[:2])
    assert (major, minor) >= (1, 28)  # `resolve` in upstreams (open source since 1.27.3)
    conf = (ROOT / "config" / "nginx" / "ginrummy.conf").read_text()
    assert re.search(r"^resolver 127\.0\.0\.11 valid=\d+s", conf, re.M)
    for name, port in (("web", 8000), ("events", 8001)):
        assert re.search(rf"^\s+server {name}:{port} resolve", conf, re.M), name


def test_the_proxy_drops_slow_clients_and_limits_connections_per_address():
    conf = (ROOT / "config" / "nginx" / "ginrummy.conf").read_text()
    for directive in (
        "client_header_timeout",
        "client_body_timeout",
        "send_timeout",
        "limit_conn ginrummy_per_address",
    ):
        assert re.search(rf"^\s+{directive} ", conf, re.M), directive
    assert "limit_conn_zone $binary_remote_addr zone=ginrummy_per_address" in conf


def test_errors_the_proxy_answers_itself_are_json_with_a_code():
    conf = (ROOT / "config" / "nginx" / "ginrummy.conf").read_text()
    for status in (413, 429, 502, 503, 504):
        target = re.search(rf"^\s+error_page {status} (@\w+);", conf, re.M)
        assert target, status
        body = re.search(rf"location {target[1]} {{(.*?)\n    }}", conf, re.S)
        assert body and "default_type application/json;" in body[1], status
        assert re.search(rf"return {status} '\{{\"code\": \"\w+\"", body[1]), status
        if status != 413:
            assert "add_header Retry-After" in body[1], status


def env_example() -> dict[str, str]:
    lines = (ROOT / ".env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


def test_postgresql_is_a_patroni_primary_and_synchronous_standby_on_three_etcd_members():
    services = compose()["services"]
    assert "postgres" not in services
    etcd = [name for name in services if name.startswith("etcd")]
    assert etcd == ["etcd1", "etcd2", "etcd3"]
    for name in ("pg1", "pg2"):
        node = services[name]
        assert node["build"] == "ops/patroni"
        assert node["environment"]["PATRONI_NAME"] == name
        assert node["environment"]["PATRONI_POSTGRESQL_CONNECT_ADDRESS"] == f"{name}:5432"
        assert set(node["depends_on"]) == set(etcd)
        assert "ports" not in node  # only the services reach the database
    patroni = yaml.safe_load((ROOT / "ops" / "patroni" / "patroni.yml").read_text())
    dcs = patroni["bootstrap"]["dcs"]
    assert dcs["synchronous_mode"] is True and not dcs.get("synchronous_mode_strict")
    assert dcs["primary_start_timeout"] == 0
    assert dcs["postgresql"]["use_pg_rewind"] is True
    assert dcs["postgresql"]["parameters"]["wal_log_hints"] == "on"
    assert dcs["ttl"] >= dcs["loop_wait"] + 2 * dcs["retry_timeout"]
    assert patroni["etcd3"]["hosts"] == ",".join(f"{name}:2379" for name in etcd)


def test_the_services_reach_the_primary_and_read_boards_from_the_standby():
    services = compose()["services"]
    for name in (*SCALED, "migrate"):
        assert {"pg1", "pg2"} <= set(services[name]["depends_on"]), name
    env = env_example()
    for variable, attrs in (
        ("DATABASE_URL", "read-write"),
        ("DATABASE_REPLICA_URL", "prefer-standby"),
    ):
        url = urlsplit(env[variable])
        assert url.netloc.rsplit("@", 1)[1] == "pg1:5432,pg2:5432", variable
        assert parse_qs(url.query)["target_session_attrs"] == [attrs], variable
        assert parse_qs(url.query)["connect_timeout"] == ["3"], variable
