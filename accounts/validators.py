"""Password validators beside Django's own (``AUTH_PASSWORD_VALIDATORS``): they run at
every door that sets a password (the API, the admin's forms, ``manage.py changepassword``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError


class BlankOrPaddedPasswordValidator:
    """No password that is only blanks (eight spaces pass every length rule) or that begins
    or ends with one (a blank copied along with it is easily lost, and the owner locked
    out). Blanks inside a passphrase are fine."""

    code = "password_blank_or_padded"

    def validate(self, password: str, user: Any = None) -> None:
        if password and not password.strip():
            raise ValidationError(
                "This password is only blank characters.", code=self.code
            )
        if password != password.strip():
            raise ValidationError(
                "This password begins or ends with a blank character.", code=self.code
            )

    def get_help_text(self) -> str:
        return "Your password can't be only blanks, nor begin or end with one."
