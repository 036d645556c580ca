"""Tournaments in a real browser: a private sit & go created by one player and joined by a
friend through its link (as a guest), whose tables open by themselves and whose bracket
follows the game live; a public arena a player creates within the limits (a limit
refused in words), listed for another as starting soon; an arena's list, detail and live
standings, with its refusals as sentences; a duplicate Swiss round's commitments and
checked decks; the screens at desktop and phone width (screenshots under .artifacts/web/),
by keyboard, each passing axe-core."""

from __future__ import annotations

import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import User
from fairplay import services as fairplay
from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, RUMMY_RULES, play_out
from tests.web.conftest import Page
from tests.web.helpers import sign_up
from tournaments import services
from tournaments.models import Pairing

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
GAME_URL = re.compile(r"#/game/([0-9a-f-]{36})$")


def _game_id(tab: Page) -> str:
    match = GAME_URL.search(tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _tournaments(tab: Page) -> None:
    tab.page.click("header a:has-text('Tournaments')")
    tab.page.wait_for_selector("body[data-ready=tournaments] [data-testid=t-results] .t-section")


def _open_table(tab: Page) -> None:
    tab.page.wait_for_selector("[data-testid=table][data-variant=gin] [data-testid=hand] .card")


def _mark(tab: Page) -> None:
    """A mark on the page that a reload would wipe: what follows happens live."""
    tab.page.evaluate("() => { window.stillHere = true; }")


def _still_here(tab: Page) -> bool:
    return tab.page.evaluate("() => window.stillHere === true")


def test_a_private_sit_and_go_opens_both_tables_by_itself_and_its_bracket_follows_live(open_tab):
    ann = open_tab(**DESKTOP)
    ann.open("/")
    sign_up(ann, "ann", display_name="Ann")
    _tournaments(ann)
    ann.page.click("[data-key=t-create]")
    form = ann.page.locator("[data-testid=t-create-form]")
    form.locator("#f-capacity").fill("2")
    form.locator("summary").click()
    form.locator("select[name=target_score]").select_option("10")
    summary = ann.page.locator("[data-testid=t-summary]")
    assert "Gin Rummy, 1-v-1: games to 10 points." in summary.inner_text()
    assert "2 (1 joined)." in summary.inner_text()
    ann.shot("tournament-create-1280x800")
    found = ann.axe("the sit & go form")
    form.locator("[data-key=t-create-submit]").click()

    detail = ann.page.locator("[data-testid=tournament][data-status=created]")
    detail.wait_for()
    assert detail.get_attribute("data-format") == "sit_and_go"
    detail_id = ann.page.url.rsplit("/", 1)[1]
    code = ann.page.inner_text("[data-testid=t-invite-code]")
    link = ann.page.get_attribute("[data-testid=t-invite-link]", "href")
    assert link.endswith(f"/#/tournaments/join/{code}")
    assert "It starts when all 2 seats are taken (1 so far)." in ann.page.inner_text(
        "[data-testid=t-you-line]"
    )
    expect(ann.page.locator("[data-testid=standings] tr[data-user]")).to_have_count(1)
    ann.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    ann.shot("tournament-sit-and-go-waiting-1280x800")
    found += ann.axe("a sit & go waiting for players")

    # The friend opens the link signed out, on a phone, and joins as a guest: the sit & go
    # is full, it starts, and both tables open by themselves.
    bob = open_tab(**PHONE)
    bob.page.goto(link)
    bob.page.wait_for_selector("[data-testid=t-invite] [data-key=t-join-as-guest]")
    expect(bob.page.locator("[data-testid=invite-code]")).to_have_text(code, use_inner_text=True)
    expect(bob.page.locator("header [data-key=nav-play-now]")).to_have_count(0)
    bob.shot("tournament-invite-signed-out-390x844")
    found += bob.axe("a tournament's invite, signed out")
    bob.page.fill("#f-display_name", "Bob")
    bob.page.click("[data-key=t-join-as-guest]")

    for tab in (ann, bob):
        _open_table(tab)
        tab.page.wait_for_selector("[data-testid=tournament-game-notice]")
    game_id = _game_id(ann)
    assert _game_id(bob) == game_id
    assert "Your tournament game has started" in ann.page.inner_text(
        "[data-testid=tournament-game-notice]"
    )
    ann.page.wait_for_selector("[data-testid=tournament-line] [data-key=tournament-link]")
    ann.shot("tournament-game-1280x800")
    found += ann.axe("a tournament game's table")

    # Ann goes back to the tournament from her table; the bracket shows the match.
    ann.page.click("[data-key=tournament-link]")
    bracket = ann.page.locator("[data-testid=bracket][data-kind=bracket]")
    bracket.wait_for()
    ann.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    assert bracket.get_attribute("data-over") == "false"
    match = bracket.locator("[data-testid=match]")
    expect(match).to_have_count(1)
    assert "Ann" in match.inner_text() and "Bob" in match.inner_text()
    assert ann.page.locator("[data-testid=t-your-game]").get_attribute("href") == (
        f"#/game/{game_id}"
    )
    # Back on this page (read again since its stream opened), her game does not open by
    # itself again.
    assert ann.page.url.endswith(f"#/tournaments/{detail_id}")
    assert ann.page.get_attribute("body", "data-screen") == "tournaments"
    ann.shot("tournament-bracket-playing-1280x800")
    found += ann.axe("a sit & go's bracket while it is played")
    _mark(ann)

    # Bob concedes at his table; Ann's page shows the winner without a reload.
    bob.page.click("[data-key=concede]")
    bob.page.click("[role=alertdialog] button:has-text('Concede')")
    bob.page.wait_for_selector("[data-testid=final] [data-key=back-to-tournament]")
    expect(bob.page.locator("[data-testid=final] [data-key=rematch]")).to_have_count(0)
    bob.shot("tournament-game-over-390x844")
    found += bob.axe("a tournament game's end, on a phone")

    ann.page.wait_for_selector("[data-testid=tournament][data-status=finished]")
    champion = ann.page.locator("[data-testid=champion]")
    champion.wait_for()
    assert "Ann" in champion.inner_text()
    assert "You won this tournament!" in ann.page.inner_text("[data-testid=t-winner]")
    assert "Ann beat Bob." in ann.page.inner_text("[data-testid=t-activity]")
    assert _still_here(ann)
    ann.shot("tournament-bracket-finished-1280x800")
    found += ann.axe("a finished sit & go's bracket")
    ann.page.set_viewport_size(PHONE)
    ann.shot("tournament-bracket-finished-390x844")
    found += ann.axe("a finished sit & go's bracket on a phone")

    bob.page.click("[data-key=back-to-tournament]")
    bob.page.wait_for_selector(
        "[data-testid=tournament][data-status=finished] [data-testid=champion]"
    )
    expect(bob.page.locator("[data-testid=t-you-line]")).to_have_text(
        "You finished 2nd.", use_inner_text=True
    )
    expect(bob.page.locator("[data-testid=t-invite-panel] *")).to_have_count(0)

    # The finished sit & go is in Ann's list, under "Finished".
    ann.page.set_viewport_size(DESKTOP)
    _tournaments(ann)
    finished = ann.page.locator("[data-section=finished] .t-line[data-status=finished]")
    expect(finished).to_have_count(1)
    assert "won by Ann" in finished.inner_text()
    assert found == [], found
    ann.assert_healthy()
    bob.assert_healthy()


def _staff_tournament(fmt: str, **data):
    body = {"format": fmt, "rules": GIN_RULES, **data}
    if fmt != "sit_and_go":
        body.setdefault("starts_at", timezone.now() + timedelta(minutes=5))
    return services.tournament_create(data=body, by=UserFactory(is_staff=True))


def _start_now(tournament) -> None:
    """The clock's run at the start (what beat does when the start comes)."""
    type(tournament).objects.filter(pk=tournament.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1)
    )
    services.tournament_advance(tournament_id=tournament.pk)


def _score_cells(tab: Page) -> list[str]:
    return tab.page.eval_on_selector_all(
        "[data-testid=standings] tbody tr[data-user]",
        "rows => rows.map((r) => r.cells[2].textContent)",
    )


def test_an_arena_lists_opens_a_players_game_and_follows_its_standings_live(open_tab, settings):
    settings.TOURNAMENTS_PAUSE_SECONDS = 600
    others = [UserFactory(display_name=name) for name in ("Dora", "Ed", "Flo")]
    arena = _staff_tournament("arena", name="Evening arena", duration_minutes=60)
    for user in others:
        services.tournament_join(user=user, tournament_id=arena.pk)
    full = _staff_tournament("knockout", name="Full knockout", capacity=2)
    for user in others[:2]:
        services.tournament_join(user=user, tournament_id=full.pk)
    masters = _staff_tournament("swiss", name="Masters", rounds=3, min_rated_games=5)

    cleo = open_tab(**DESKTOP)
    cleo.open("/")
    username = sign_up(cleo, "cleo", display_name="Cleo")
    _tournaments(cleo)
    line = cleo.page.locator(f"[data-section=created] .t-line[data-id='{arena.pk}']")
    assert "Arena · Gin Rummy, 1-v-1" in line.inner_text()
    # Made without a capacity, the arena takes 64 players, the most any format takes.
    expect(line.locator("[data-testid=t-players]")).to_have_text(
        "3 / 64 players", use_inner_text=True
    )
    assert "Starts" in line.inner_text()
    expect(cleo.page.locator("[data-section=created] .t-line")).to_have_count(3)
    cleo.page.select_option("#t-filter-format", "arena")
    cleo.page.wait_for_function(
        "() => !document.querySelector('[data-testid=t-results][aria-busy]')"
        " && document.querySelectorAll('.t-line').length === 1"
    )
    assert "format=arena" in cleo.page.url
    expect(cleo.page.locator(f".t-line[data-id='{arena.pk}']")).to_have_count(1)
    cleo.page.select_option("#t-filter-format", "")
    cleo.page.wait_for_function("() => document.querySelectorAll('.t-line').length === 3")
    cleo.shot("tournaments-list-1280x800")
    found = cleo.axe("the tournaments list")

    # Refusals are sentences: a code that opens nothing, a full field, unmet conditions.
    cleo.page.fill("#t-code-input", "NOSUCH")
    cleo.page.click(".t-code button[type=submit]")
    code_error = cleo.page.locator("[data-testid=t-code-error]:not(:empty)")
    code_error.wait_for()
    expect(code_error).to_have_text(
        "No tournament is open for that invite code. Check it, or ask for the link again.",
        use_inner_text=True,
    )
    found += cleo.axe("the tournaments list with a refused code")
    for tournament, sentence in (
        (full, "This tournament is full: every seat is taken."),
        (
            masters,
            "You do not meet this tournament's conditions. This tournament is for players "
            "with at least 5 rated gin games; you have 0.",
        ),
    ):
        cleo.page.goto(f"{cleo.base}/#/tournaments/{tournament.pk}")
        cleo.page.wait_for_selector(
            f"[data-testid=tournament][data-status=created] h1:has-text('{tournament.name}')"
        )
        cleo.page.click("[data-key=t-join]")
        message = cleo.page.locator("[data-testid=t-message][data-kind=error]")
        message.wait_for()
        expect(message).to_have_text(sentence, use_inner_text=True)

    # Cleo joins the arena, leaves it before the start and joins it again; when it starts,
    # her game opens by itself.
    cleo.page.goto(f"{cleo.base}/#/tournaments/{arena.pk}")
    cleo.page.wait_for_selector("[data-testid=tournament][data-format=arena] [data-key=t-join]")
    assert cleo.page.inner_text("[data-testid=countdown]").startswith("Starts in ")
    cleo.page.click("[data-key=t-join]")
    cleo.page.wait_for_selector("[data-testid=t-message][data-kind=ok]:has-text('You joined.')")
    expect(cleo.page.locator("[data-testid=standings] tr[data-user]")).to_have_count(4)
    cleo.page.click("[data-key=t-withdraw]")
    cleo.page.wait_for_selector(
        "[data-testid=t-message][data-kind=ok]:has-text('You left the tournament.')"
    )
    expect(cleo.page.locator(f"[data-testid=standings] tr[data-user={username}]")).to_have_count(0)
    assert arena.entries.filter(user__username=username).count() == 0
    cleo.page.click("[data-key=t-join]")
    cleo.page.wait_for_selector("[data-testid=t-message][data-kind=ok]:has-text('You joined.')")
    expect(cleo.page.locator("[data-testid=standings] tr[data-user]")).to_have_count(4)
    cleo.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    _start_now(arena)
    _open_table(cleo)
    cleo.page.wait_for_selector("[data-testid=tournament-game-notice]")
    mine = _game_id(cleo)
    cleo.page.click("[data-key=tournament-link]")
    cleo.page.wait_for_selector(
        "[data-testid=tournament][data-status=started] [data-testid=pairings]"
    )
    cleo.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    assert cleo.page.inner_text("[data-testid=countdown]").startswith("Ends in ")
    expect(
        cleo.page.locator("[data-testid=pairings] .t-pairing[data-status=playing]")
    ).to_have_count(2)
    expect(cleo.page.locator(f".t-pairing.mine[data-game='{mine}']")).to_have_count(1)
    assert _score_cells(cleo) == ["0"] * 4
    _mark(cleo)

    # The other game is played to its end: its winner's 2 points show without a reload.
    other = Pairing.objects.filter(tournament=arena).exclude(game_id=mine).get()
    play_out(other.game_id)
    cleo.page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid=standings] tbody tr[data-user]')]
            .some((r) => r.cells[2].textContent === '2')"""
    )
    assert sorted(_score_cells(cleo)) == ["0", "0", "0", "2"]
    cleo.page.wait_for_selector("[data-testid=pairings] .t-pairing[data-status=finished] .t-place")
    assert "beat" in cleo.page.inner_text("[data-testid=t-activity]")
    expect(cleo.page.locator(f"[data-testid=standings] tr.me[data-user={username}]")).to_have_count(
        1
    )
    assert _still_here(cleo)
    cleo.shot("tournament-arena-1280x800")
    found += cleo.axe("an arena's standings")

    # Pausing, and coming back too early: the wait as a sentence.
    cleo.page.click("[data-key=t-pause]")
    cleo.page.wait_for_selector("[data-testid=t-message][data-kind=ok]:has-text('You paused')")
    cleo.page.click("[data-key=t-comeback]")
    message = cleo.page.locator("[data-testid=t-message][data-kind=error]")
    message.wait_for()
    expect(message).to_have_text(
        "You paused: you may come back in 10 minutes.", use_inner_text=True
    )

    # Withdrawing once it is under way asks first.
    cleo.page.click("[data-key=t-withdraw]")
    confirm = cleo.page.locator("[data-key=t-confirm-withdraw]")
    expect(confirm).to_be_focused()
    assert "You are not paired any more" in cleo.page.inner_text(".t-confirm")
    confirm.click()
    cleo.page.wait_for_selector("[data-testid=t-message][data-kind=ok]:has-text('You withdrew.')")
    expect(cleo.page.locator("[data-testid=t-you-line]")).to_have_text(
        "You withdrew: you are not paired any more.", use_inner_text=True
    )
    assert arena.entries.get(user__username=username).withdrawn
    cleo.page.set_viewport_size(PHONE)
    cleo.shot("tournament-arena-390x844")
    found += cleo.axe("an arena's standings on a phone")
    _tournaments(cleo)
    cleo.shot("tournaments-list-390x844")
    found += cleo.axe("the tournaments list on a phone")
    assert found == [], found
    cleo.assert_healthy(failed_requests=True)  # the refusals


def test_a_duplicate_swiss_round_shows_its_commitments_then_decks_that_check(open_tab):
    players = [UserFactory(display_name=name) for name in ("Gus", "Hal")]
    swiss = _staff_tournament("swiss", name="Duplicate Swiss", rounds=1, duplicate=True)
    for user in players:
        services.tournament_join(user=user, tournament_id=swiss.pk)
    _start_now(swiss)

    tab = open_tab(**DESKTOP)
    tab.open("/")
    sign_up(tab, "ivy")
    tab.page.goto(f"{tab.base}/#/tournaments/{swiss.pk}")
    deals = tab.page.locator("[data-testid=deals][data-revealed=false]")
    deals.wait_for()
    expect(deals.locator(".t-commitments li")).to_have_count(10)
    expect(
        tab.page.locator("[data-testid=pairings] .t-pairing[data-status=playing]")
    ).to_have_count(1)
    headings = tab.page.locator("[data-testid=standings] thead th").all_inner_texts()
    assert "Sonneborn\N{EN DASH}Berger" in headings
    assert "Duplicate: every table of a round plays the same decks" in tab.page.inner_text(
        "[data-testid=t-settings]"
    )
    tab.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    tab.shot("tournament-swiss-duplicate-1280x800")
    found = tab.axe("a duplicate Swiss round")
    _mark(tab)

    play_out(Pairing.objects.get(tournament=swiss).game_id)
    tab.page.wait_for_selector("[data-testid=tournament][data-status=finished]")
    tab.page.wait_for_selector("[data-testid=deals][data-revealed=true]")
    tab.page.click("[data-key=t-check-deals]")
    result = tab.page.locator("[data-testid=deals-result]")
    result.wait_for()
    assert result.get_attribute("data-ok") == "true", result.inner_text()
    assert "won this tournament" in tab.page.inner_text("[data-testid=t-winner]")
    assert _still_here(tab)
    found += tab.axe("a duplicate Swiss round, revealed")
    assert found == [], found
    tab.assert_healthy()


def _tab_to(tab: Page, selector: str, presses: int = 40) -> None:
    for _ in range(presses):
        tab.page.keyboard.press("Tab")
        if tab.page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} never took the focus")


def test_a_sit_and_go_is_created_and_cancelled_by_keyboard_on_a_phone(open_tab):
    tab = open_tab(**PHONE)
    tab.open("/")
    sign_up(tab, "kim")
    tab.page.wait_for_selector("body[data-ready=home]")
    _tab_to(tab, "header a[href='#/tournaments']")
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_selector("body[data-ready=tournaments] [data-testid=t-results] .t-section")
    _tab_to(tab, "[data-key=t-create]")
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_selector("body[data-ready=t-create] [data-testid=t-create-form]")
    tab.shot("tournament-create-390x844")
    found = tab.axe("the sit & go form on a phone")
    _tab_to(tab, "#f-name")
    tab.page.keyboard.type("Kim's cup")
    _tab_to(tab, "#f-capacity")
    tab.page.keyboard.press("Control+A")
    tab.page.keyboard.type("3")
    assert "3 (1 joined)." in tab.page.inner_text("[data-testid=t-summary]")
    tab.page.keyboard.press("Enter")

    tab.page.wait_for_selector(
        '[data-testid=tournament][data-status=created] h1:has-text("Kim\'s cup")'
    )
    assert "3 (1 joined)." in tab.page.inner_text("[data-testid=t-settings]")
    tab.shot("tournament-sit-and-go-390x844")
    found += tab.axe("a sit & go waiting for players, on a phone")
    _tab_to(tab, "[data-key=t-cancel]")
    tab.page.keyboard.press("Enter")
    assert tab.page.evaluate("() => document.activeElement.dataset.key") == "t-confirm-cancel"
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_selector("[data-testid=tournament][data-status=cancelled]")
    expect(tab.page.locator("[data-testid=t-message]")).to_have_text(
        "The tournament is cancelled.", use_inner_text=True
    )
    assert found == [], found
    tab.assert_healthy()


def test_a_knockout_at_tables_shows_each_tables_players_and_tells_a_latecomer_why_not(
    open_tab,
):
    players = [UserFactory(display_name=name) for name in ("Jo", "Lu", "Mo", "Ned", "Oz", "Pat")]
    cup = _staff_tournament(
        "knockout", name="Rummy cup", variant="rummy", table_size=3, rules=RUMMY_RULES
    )
    for user in players:
        services.tournament_join(user=user, tournament_id=cup.pk)
    _start_now(cup)
    assert Pairing.objects.filter(tournament=cup).count() == 2

    tab = open_tab(**PHONE)
    tab.open("/")
    sign_up(tab, "quinn")
    tab.page.goto(f"{tab.base}/#/tournaments/{cup.pk}")
    bracket = tab.page.locator("[data-testid=bracket][data-kind=tables]")
    bracket.wait_for()
    tab.page.wait_for_selector("[data-testid=t-live][data-status=live]")
    tables = bracket.locator(".t-table")
    expect(tables).to_have_count(2)
    seated = sorted(
        name for i in range(2) for name in tables.nth(i).locator(".t-seated li").all_inner_texts()
    )
    assert seated == ["Jo", "Lu", "Mo", "Ned", "Oz", "Pat"]
    expect(tables.nth(0).locator(".hint")).to_have_text("Playing.", use_inner_text=True)
    assert "Rummy, tables of 3" in tab.page.inner_text(".t-meta")
    expect(
        tab.page.locator("[data-testid=pairings] .t-pairing[data-status=playing]")
    ).to_have_count(2)
    expect(tab.page.locator("[data-testid=t-you] [data-key=t-join]")).to_have_count(0)
    assert "Registration is closed: the tournament has started." in tab.page.inner_text(
        "[data-testid=t-you]"
    )
    tab.shot("tournament-tables-390x844")
    found = tab.axe("a knockout at tables, on a phone")
    assert found == [], found
    tab.assert_healthy()


def test_a_player_banned_from_tournaments_reads_why_in_plain_words_when_joining(open_tab):
    arena = _staff_tournament("arena", name="Evening arena", duration_minutes=30)
    tab = open_tab(**DESKTOP)
    tab.open("/")
    username = sign_up(tab, "rory")
    user = User.objects.get(username=username)
    fairplay.sanction_apply(user_id=user.pk, kind="tournament_ban", rule="win_trading", key="b")
    tab.page.goto(f"{tab.base}/#/tournaments/{arena.pk}")
    tab.page.click("[data-testid=t-you] [data-key=t-join]")
    message = tab.page.locator("[data-testid=t-message][data-kind=error]")
    expect(message).to_contain_text("You may not enter tournaments for now: a fair-play decision.")
    notice = tab.page.locator("[data-testid=t-you] [data-testid=fair-play]")
    expect(notice).to_contain_text("You may not enter tournaments for now.")
    expect(notice.locator("form.appeal")).to_have_count(1)
    assert arena.entries.count() == 0
    found = tab.axe("a tournament join refused for fair play")
    assert found == [], found
    tab.assert_healthy(failed_requests=True)  # the refused join


def test_a_player_creates_a_public_arena_within_the_limits_and_everyone_sees_it_starting_soon(
    open_tab, settings
):
    settings.TOURNAMENTS_PLAYER_MAX_CAPACITY = 16
    ann = open_tab(**DESKTOP)
    ann.open("/")
    sign_up(ann, "ann", display_name="Ann")
    _tournaments(ann)
    expect(ann.page.locator("[data-testid=t-soon] .empty")).to_have_text(
        "Nothing starts within the hour.", use_inner_text=True
    )
    ann.page.click("[data-key=t-create]")
    form = ann.page.locator("body[data-ready=t-create] [data-testid=t-create-form]")
    form.wait_for()
    limits = form.locator("[data-testid=t-limits]").inner_text()
    assert "up to 16 players" in limits and "from 5 minutes to 7 days" in limits
    assert "You may have 3 open at once (you have 0)" in limits
    form.locator("#f-format").select_option("arena")
    form.locator("#f-private").select_option("public")
    form.locator("#f-name").fill("Ann's evening arena")
    form.locator("#f-starts_at").select_option("15")
    form.locator("#f-duration_minutes").select_option("30")
    expect(form.locator("#f-capacity")).to_have_value("16")
    expect(form.locator("[data-field=best_of]")).to_be_hidden()
    summary = form.locator("[data-testid=t-summary]").inner_text()
    assert "30 minutes" in summary and "Everyone." in summary

    # Beyond a limit, the server's refusal is said in words under the field it is about.
    form.locator("#f-capacity").fill("20")
    form.locator("[data-key=t-create-submit]").click()
    error = form.locator("[data-testid=error-capacity]")
    expect(error).to_have_text(
        "A player's tournament takes at most 16 players.", use_inner_text=True
    )
    assert form.locator("#f-capacity").get_attribute("aria-invalid") == "true"
    ann.shot("tournament-create-public-refused-1280x800")
    found = ann.axe("the tournament form with a refused limit")
    form.locator("#f-capacity").fill("12")
    form.locator("[data-key=t-create-submit]").click()

    detail = ann.page.locator("[data-testid=tournament][data-status=created]")
    detail.wait_for()
    assert detail.get_attribute("data-format") == "arena"
    arena_id = ann.page.url.rsplit("/", 1)[1]
    assert "Everyone." in ann.page.inner_text("[data-testid=t-settings]")
    expect(ann.page.locator("[data-testid=t-invite-code]")).to_have_count(0)
    expect(ann.page.locator("[data-key=t-cancel]")).to_have_count(1)  # hers until it starts

    # Another player, on a phone, finds it at the top of the list, starting soon.
    bob = open_tab(**PHONE)
    bob.open("/")
    sign_up(bob, "bob", display_name="Bob")
    _tournaments(bob)
    line = bob.page.locator(f"[data-testid=t-soon] .t-soon-line[data-id='{arena_id}']")
    expect(line).to_have_count(1)
    assert "Ann's evening arena" in line.inner_text()
    assert "Arena · Gin Rummy, 1-v-1" in line.inner_text()
    assert re.search(r"Starts in 1[45]:\d\d", line.inner_text()), line.inner_text()
    assert "1 / 12 players" in line.inner_text()
    soon_box = bob.page.locator("[data-testid=t-soon]").bounding_box()
    created_box = bob.page.locator("[data-section=created]").bounding_box()
    assert soon_box["y"] < created_box["y"]  # the first thing the list shows
    assert soon_box["x"] + soon_box["width"] <= PHONE["width"]
    bob.shot("tournaments-starting-soon-390x844")
    found += bob.axe("the tournaments list with one starting soon, on a phone")
    line.locator("a").click()
    bob.page.wait_for_selector("[data-testid=tournament][data-status=created]")
    assert bob.page.url.endswith(f"#/tournaments/{arena_id}")
    assert found == [], found
    ann.assert_healthy(failed_requests=True)  # the refused creation
    bob.assert_healthy()
