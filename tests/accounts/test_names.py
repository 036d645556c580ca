"""Names that show nothing or impersonate: display names need a visible character and a
sane number of combining marks; reserved names (staff, the system, the computer players)
are refused as usernames and display names, compared after confusable skeletons."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts import services
from accounts.models import User
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def register(client, **body):
    return client.post("/api/v1/auth/register", {"password": PASSWORD, **body}, format="json")


def assert_refused(response, field: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "validation_error"
    assert list(body["fields"]) == [field]
    assert body["fields"][field][0]


INVISIBLE = [
    pytest.param("\u3164\u3164\u3164", id="hangul-fillers"),
    pytest.param("\u115f", id="hangul-choseong-filler"),
    pytest.param("\uffa0\uffa0", id="halfwidth-hangul-fillers"),
    pytest.param("\u2800\u2800\u2800", id="braille-blanks"),
    pytest.param("Ann\u3164", id="letters-padded-with-a-filler"),
    pytest.param("\u0301" * 40, id="combining-marks-alone"),
    pytest.param("a" + "\u0301\u0316" * 20, id="zalgo-on-one-letter"),
    pytest.param("Ann \u0301", id="a-mark-on-a-space"),
    pytest.param("Z\u0351\u0352\u0353\u0354algo", id="four-marks-on-one-letter"),
]


@pytest.mark.parametrize("name", INVISIBLE)
def test_register_refuses_names_that_show_nothing_or_smear(api_client, name):
    assert_refused(register(api_client, username="ann", display_name=name), "display_name")
    assert not User.objects.exists()


@pytest.mark.parametrize("name", INVISIBLE)
def test_patch_me_refuses_names_that_show_nothing_or_smear(auth_client, user, name):
    before = user.display_name
    assert_refused(auth_client.patch("/api/v1/me", {"display_name": name}), "display_name")
    user.refresh_from_db()
    assert user.display_name == before


@pytest.mark.parametrize(
    "name",
    [
        "Zoë",  # one mark (NFKC composes it anyway)
        "Nguyê\u0303n",  # Vietnamese: two marks on one letter
        "กิ่ง",  # Thai: a vowel and a tone mark on one consonant
        "שָׁלוֹם",  # Hebrew points
        "श्रीनिवास",  # Devanagari
        "❤\ufe0f Ann",  # an emoji with its presentation selector
    ],
)
def test_names_with_a_few_marks_per_letter_are_fine(auth_client, name):
    response = auth_client.patch("/api/v1/me", {"display_name": name})
    assert response.status_code == 200, response.content


RESERVED_DISPLAY_NAMES = [
    pytest.param("admin", id="admin"),
    pytest.param("ADMIN", id="upper-case"),
    pytest.param("Ad-Min!", id="punctuated"),
    pytest.param("\u0430dmin", id="cyrillic-a"),
    pytest.param("\uff21\uff24\uff2d\uff29\uff2e", id="fullwidth"),
    pytest.param("Ädmïn", id="with-diacritics"),
    pytest.param("\u0405ystem (official)", id="cyrillic-dze-and-official"),
    pytest.param("The Moderator", id="a-reserved-word-inside"),
    pytest.param("r00t", id="zeros-for-o"),
    pytest.param("Computer (hard)", id="a-computer-player"),
    pytest.param("Medium", id="a-computer-level"),
    pytest.param("null", id="null"),
    pytest.param("undefined", id="undefined"),
]


@pytest.mark.parametrize("name", RESERVED_DISPLAY_NAMES)
def test_reserved_display_names_are_refused(auth_client, user, name):
    before = user.display_name
    assert_refused(auth_client.patch("/api/v1/me", {"display_name": name}), "display_name")
    user.refresh_from_db()
    assert user.display_name == before


@pytest.mark.parametrize(
    "username", ["admin", "Admin", "root", "api", "system", "r00t", "ad.min", "staff_ann"]
)
def test_reserved_usernames_are_refused(api_client, username):
    assert_refused(register(api_client, username=username), "username")
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "name", ["Badminton Bob", "Rooted", "Capital", "Easy Rider Ann", "Systematic", "Nonesuch"]
)
def test_names_that_merely_contain_a_reserved_name_are_fine(auth_client, name):
    response = auth_client.patch("/api/v1/me", {"display_name": name})
    assert response.status_code == 200, response.content
    assert response.json()["display_name"] == name


def test_the_reserved_lists_are_settings(auth_client, api_client, settings):
    settings.ACCOUNTS_RESERVED_NAMES = ["dealer"]
    settings.ACCOUNTS_RESERVED_NAME_WORDS = ["croupier"]
    assert_refused(auth_client.patch("/api/v1/me", {"display_name": "Dea1er"}), "display_name")
    assert_refused(
        auth_client.patch("/api/v1/me", {"display_name": "Head Croupier"}), "display_name"
    )
    assert auth_client.patch("/api/v1/me", {"display_name": "admin"}).status_code == 200
    assert_refused(register(api_client, username="dealer"), "username")
    assert register(api_client, username="root").status_code == 201


def test_a_refused_username_and_password_are_reported_together(api_client):
    response = register(api_client, username="admin", password="        ")
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"username", "password"}


def test_existing_names_are_kept(user, auth_client):
    # Names taken before the rules keep working; only a new choice is checked.
    User.objects.filter(pk=user.pk).update(display_name="Admin")
    assert auth_client.get("/api/v1/me").json()["display_name"] == "Admin"
    response = auth_client.patch("/api/v1/me", {"preferences": {"sound": False}})
    assert response.status_code == 200
    assert response.json()["display_name"] == "Admin"


def test_staff_may_still_create_a_reserved_username_outside_the_api():
    User.objects.create_user(username="admin", password=PASSWORD, is_staff=True)
    assert User.objects.filter(username="admin").exists()


def test_the_schema_pattern_refuses_names_that_draw_nothing(api_client):
    import jsonschema

    schema = api_client.get("/api/schema/?format=json").json()
    field = schema["components"]["schemas"]["PatchedMeInputRequest"]["properties"]
    validator = jsonschema.Draft4Validator(field["display_name"])
    for refused in ("\u3164\u3164\u3164", "\u115f", "\u2800\u2800", "\u0301" * 40, "Ann\uffa0"):
        assert not validator.is_valid(refused), ascii(refused)
    for accepted in ("Ann", "Zoë", "กิ่ง"):
        assert validator.is_valid(accepted), accepted


# Latin look-alikes that Unicode's confusables data leaves apart: a small l for an I, a 1
# for an i, rn for m, vv for w, cl for d, 5 for S.
LOOKALIKE_NAMES = [
    pytest.param("ADMlN", id="small-l-for-capital-i"),
    pytest.param("OFFlClAL", id="small-l-for-each-capital-i"),
    pytest.param("Adm1n", id="one-for-i"),
    pytest.param("ADMlNlSTRATOR", id="administrator-with-small-ls"),
    pytest.param("AdmIn", id="capital-i-among-small-letters"),
    pytest.param("adrnin", id="rn-for-m"),
    pytest.param("aclmin", id="cl-for-d"),
    pytest.param("rnoderator", id="rn-for-m-first"),
    pytest.param("c0rnputer", id="zero-and-rn"),
    pytest.param("5ystem", id="five-for-s"),
    pytest.param("nuII", id="capital-is-for-ls"),
    pytest.param("deIeted", id="capital-i-for-l"),
]

# Ordinary names full of the letters that fold together: they match no reserved name.
ORDINARY_NAMES = ["Lily", "Carl", "Ian", "Olivia", "Mimi", "Clyde", "Willow", "Vivian", "Colin"]


@pytest.mark.parametrize("username", LOOKALIKE_NAMES)
def test_register_refuses_usernames_that_only_look_reserved_apart(api_client, username):
    assert_refused(register(api_client, username=username), "username")
    assert not User.objects.exists()


@pytest.mark.parametrize("name", LOOKALIKE_NAMES)
def test_display_names_that_only_look_reserved_apart_are_refused(
    api_client, auth_client, user, name
):
    assert_refused(register(api_client, username="ann", display_name=name), "display_name")
    assert not User.objects.filter(username="ann").exists()
    before = user.display_name
    assert_refused(auth_client.patch("/api/v1/me", {"display_name": name}), "display_name")
    user.refresh_from_db()
    assert user.display_name == before


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("The ADMlNlSTRATOR", id="administrator-with-small-ls"),
        pytest.param("Ann (OFFlClAL)", id="official-with-small-ls"),
        pytest.param("5taff Bob", id="five-for-s"),
        pytest.param("Head rnoderator", id="rn-for-m"),
    ],
)
def test_display_names_with_a_look_alike_reserved_word_are_refused(auth_client, name):
    assert_refused(auth_client.patch("/api/v1/me", {"display_name": name}), "display_name")


@pytest.mark.parametrize("username", LOOKALIKE_NAMES)
def test_a_guest_cannot_claim_a_username_that_only_looks_reserved_apart(username):
    guest, key = services.guest_create()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.post(
        "/api/v1/auth/claim", {"username": username, "password": PASSWORD}, format="json"
    )
    assert_refused(response, "username")
    guest.refresh_from_db()
    assert guest.is_guest and guest.username.startswith("guest-")


@pytest.mark.parametrize("name", ORDINARY_NAMES)
def test_ordinary_names_made_of_look_alike_letters_are_fine(api_client, name):
    registered = register(api_client, username=name, display_name=name)
    assert registered.status_code == 201, registered.content
    assert registered.json()["display_name"] == name
    guest, key = services.guest_create()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    claimed = client.post(
        "/api/v1/auth/claim",
        {"username": f"{name}2", "password": PASSWORD, "display_name": f"{name} B."},
        format="json",
    )
    assert claimed.status_code == 200, claimed.content
    guest.refresh_from_db()
    assert (guest.username, guest.display_name) == (f"{name}2", f"{name} B.")
