"""``python manage.py simulate``: computer players against each other, no HTTP, no database.

    python manage.py simulate --a hard --b baseline --games 2000 --seed 7 --workers 2

See :mod:`games.ai.simulate` (also runnable without Django as ``bench/simulate.py``).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.ai.simulate import add_arguments, progress_printer, report, simulate
from games.rules import RulesError, RuleSet


class Command(BaseCommand):
    help = (
        "Play full games to the target score between two computer players (baseline, "
        "random, easy, medium, hard), each deal twice with seats swapped, and print the "
        "win rate with a 95% confidence interval, points, gins, undercuts and decision times."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rules = RuleSet.from_dict(json.loads(options["rules"])) if options["rules"] else None
        except (ValueError, RulesError) as error:
            raise CommandError(f"--rules: {error}") from error
        if options["games"] < 1:
            raise CommandError("--games must be at least 1.")
        summary = simulate(
            options["a"], options["b"], options["games"], options["seed"], options["workers"],
            rules, progress=progress_printer(self.stderr.write) if options["progress"] else None,
        )
        self.stdout.write(report(summary))
