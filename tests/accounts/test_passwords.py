"""Passwords: Django's validators, and no password that is blank or padded with blanks."""

from __future__ import annotations

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from accounts.models import User

pytestmark = pytest.mark.django_db

BLANK_OR_PADDED = [
    pytest.param(" " * 8, id="eight-spaces"),
    pytest.param("\t" * 10, id="tabs"),
    pytest.param("\u3000" * 8, id="ideographic-spaces"),
    pytest.param(" a-long-secret-phrase", id="leading-space"),
    pytest.param("a-long-secret-phrase ", id="trailing-space"),
    pytest.param("a-long-secret-phrase\n", id="trailing-newline"),
    pytest.param("\u00a0a-long-secret-phrase", id="leading-no-break-space"),
]


@pytest.mark.parametrize("password", BLANK_OR_PADDED)
def test_register_refuses_blank_or_padded_passwords(api_client, password):
    body = {"username": "ann", "password": password}
    response = api_client.post("/api/v1/auth/register", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "validation_error"
    assert list(response.json()["fields"]) == ["password"]
    assert not User.objects.exists()


@pytest.mark.parametrize("password", BLANK_OR_PADDED)
def test_every_password_door_refuses_blank_or_padded_passwords(password):
    # The admin's forms and `manage.py changepassword` run Django's validators too.
    with pytest.raises(ValidationError) as caught:
        validate_password(password, user=User(username="ann"))
    assert any(error.code == "password_blank_or_padded" for error in caught.value.error_list)


def test_blanks_inside_a_password_are_fine(api_client):
    body = {"username": "ann", "password": "correct horse battery staple"}
    assert api_client.post("/api/v1/auth/register", body, format="json").status_code == 201


def test_django_validators_still_apply(api_client):
    body = {"username": "ann", "password": "password"}
    response = api_client.post("/api/v1/auth/register", body, format="json")
    assert response.status_code == 400
    assert "too common" in response.json()["fields"]["password"][0]
