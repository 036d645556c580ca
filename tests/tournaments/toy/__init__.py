"""A round robin, written as a new format is: its spec (pure, ``spec.py``) and its
pairing step (``step.py``), registered by the test that plays it and nowhere else."""

from tests.tournaments.toy.spec import ROUND_ROBIN
from tests.tournaments.toy.step import round_robin_step

__all__ = ["ROUND_ROBIN", "round_robin_step"]
