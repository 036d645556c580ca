"""Display names: no control or format characters, NFKC-normalised, never blank."""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

HOSTILE = [
    pytest.param("Ann\u202edcba", id="bidi-override"),
    pytest.param("\u2066Ann\u2069", id="bidi-isolates"),
    pytest.param("\x1b[31mAnn\x1b[0m", id="terminal-escape"),
    pytest.param("Ann\x07", id="bell"),
    pytest.param("Ann\nBob", id="newline"),
    pytest.param("An\u200bn", id="zero-width-space"),
    pytest.param("\u200b\u200c\u200d", id="zero-width-only"),
    pytest.param("\ufeffAnn", id="byte-order-mark"),
    pytest.param("Ann\u2028Bob", id="line-separator"),
    pytest.param("   ", id="spaces-only"),
    pytest.param("\u3000\u00a0", id="wide-and-no-break-spaces-only"),
]


def register(client, **body):
    return client.post("/api/v1/auth/register", {"password": PASSWORD, **body}, format="json")


def assert_display_name_refused(response) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "validation_error"
    assert list(body["fields"]) == ["display_name"]
    assert body["fields"]["display_name"][0]


@pytest.mark.parametrize("name", HOSTILE)
def test_register_refuses_hostile_display_names(api_client, name):
    assert_display_name_refused(register(api_client, username="ann", display_name=name))
    assert not User.objects.exists()


@pytest.mark.parametrize("name", HOSTILE)
def test_patch_me_refuses_hostile_display_names(auth_client, user, name):
    before = user.display_name
    assert_display_name_refused(auth_client.patch("/api/v1/me", {"display_name": name}))
    user.refresh_from_db()
    assert user.display_name == before


def test_display_names_are_nfkc_normalised_and_stripped(api_client):
    response = register(api_client, username="ann", display_name="  \uff21\uff4e\uff4e \u2160 ")
    assert response.status_code == 201, response.content
    assert response.json()["display_name"] == "Ann I"
    assert User.objects.get().display_name == "Ann I"


def test_patch_me_normalises_too(auth_client, user):
    response = auth_client.patch("/api/v1/me", {"display_name": "\ufb01ne"})
    assert response.status_code == 200
    assert response.json()["display_name"] == "fine"
    user.refresh_from_db()
    assert user.display_name == "fine"


def test_letters_from_any_script_and_emoji_are_fine(auth_client):
    for name in ("Zoë", "Ålborg Øst", "李小龍", "Ann 🂡"):
        response = auth_client.patch("/api/v1/me", {"display_name": name})
        assert response.status_code == 200, response.content
        assert response.json()["display_name"] == name


def test_the_empty_name_still_means_show_the_username(auth_client, user):
    response = auth_client.patch("/api/v1/me", {"display_name": ""})
    assert response.status_code == 200
    assert response.json()["display_name"] == user.username


def test_the_length_limit_applies_after_normalising(api_client):
    assert_display_name_refused(register(api_client, username="ann", display_name="\ufdfa" * 3))
