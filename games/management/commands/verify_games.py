"""Replay every game's move log from its deals and report snapshots that differ."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game, GameStatus
from games.replay import replay_game


class Command(BaseCommand):
    help = (
        "Replay each game's move log from its stored deals through the rules core and "
        "report every game whose stored snapshot differs. Exit status 1 if any differs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", action="append", help="Only this game id (repeatable).")
        parser.add_argument(
            "--status",
            choices=[s.value for s in GameStatus],
            help="Only games with this status (default: every game that was dealt).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.exclude(state=None).order_by("created_at")
        if options["game"]:
            games = games.filter(pk__in=options["game"])
        if options["status"]:
            games = games.filter(status=options["status"])
        checked = bad = 0
        for game in games.iterator(chunk_size=200):
            checked += 1
            problem = replay_game(game)
            if problem:
                bad += 1
                self.stdout.write(f"MISMATCH {game.pk}: {problem}")
        summary = f"{checked} game(s) replayed, {bad} mismatch(es)."
        if bad:
            raise CommandError(summary)
        self.stdout.write(self.style.SUCCESS(summary))
