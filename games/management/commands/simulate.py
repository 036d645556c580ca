"""``python manage.py simulate``: computer players against each other, no HTTP, no database.

    python manage.py simulate --a hard --b baseline --games 2000 --seed 7 --workers 2
    python manage.py simulate --variant rummy --seats 4 --a hard --b baseline --games 2000

See :mod:`games.variants.simulate` (also runnable without Django as ``bench/simulate.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.variants.simulate import add_arguments, run


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
            text = run(argparse.Namespace(**options), self.stderr.write)
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(text)
