"""Fair play, measured: the detectors over simulated honest players and cheaters.

    python bench/fairplay_sim.py --honest-games 2000 --runs 20 --workers 2 --seed 1

Whole games through each game's rules core and computer players (no database, no HTTP):
the same detectors the server runs (:mod:`fairplay.signals`, with the thresholds of
``config/settings/base.py``) read what the move log and the result rows would hold.

**Honest players** are the computer players standing in for people: each has a skill (each
decision is made by our Easy, Medium or Hard player with the person's own weights; Medium
stands in for Hard at Rummy and Indian Rummy tables, whose Hard is too slow for thousands
of games here), think
times drawn from a log-normal distribution of their own, a daily window of a few hours in
which they play, and a few accidents (a lost connection that lets the timer play three
turns and forfeit; a concession at once). They play Gin Rummy against each other, and
Rummy (one deal) and Indian Rummy (points) at tables of four, over 30 days.

**Cheaters**, one scenario at a time, each run with its own seed among honest players:

* ``win_trading``: two accounts play 12 games in 30 days, the same one winning 11 (each
  also plays honest games); the loser plays three turns before conceding, so the games are
  rated (an earlier concession is unrated by rule: ``farming`` counts those);
* ``farming``: two accounts trade wins by conceding after one draw, 8 times (the rule leaves
  every game unrated; the recent record raises a signal);
* ``feeding``: two friends at 36 Rummy and Indian Rummy tables of four in 30 days, seated
  at random (a third of the time the friend sits next): when the friend sits next, the
  feeder throws a card that fits the friend's hand when it has one (70 %), and the friend
  takes the feeder's discards that fit; the feeder also plays 12 tables without the friend;
* ``bot``: a script playing our Hard player's choices every 2 s (+-10 %), all day;
* ``bot_disguised``: the same choices with a person's think times (log-normal), one game
  an hour for 24 hours;
* ``sitting``: a player who lets the timer run out whenever behind.

Detection: the scenario's rule fires for the cheater (the pair, for two) within the run.
False positives: honest players any rule fires for (the weak one-network signal aside).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import pickle
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fairplay.signals import bots, feeding, pairs, record, sitting
from fairplay.signals.findings import Finding
from games.variants import variant_for
from leaderboards import glicko2

# The thresholds of config/settings/base.py (the simulator runs without Django).
EARLY_FORFEIT_DRAWS = 3
RECORD_LENGTH, RECORD_WARN, RECORD_SIGNAL = 7, 3, 4
PAIR_MIN_GAMES, PAIR_WIN_SHARE, PAIR_GAME_SHARE = 10, 0.8, 0.5
RATING_FLOW, RATING_FLOW_MIN_GAMES = 300.0, 5
FEEDING_MIN_CHANCES, FEEDING_Z = 30, 4.0
BOT_MIN_ACTIONS, BOT_MAX_CV, BOT_HOURS = 200, 0.25, 20
BOT_MIN_DECISIONS, BOT_AGREEMENT = 300, 0.9
SITTING_MIN, SITTING_DAYS = 2, 7

COMPUTER = -1
DAYS = 30
TURN_SECONDS = 30
RANKS = "A23456789TJQK"
TABLES = {
    "gin": ({}, 2),
    "rummy": ({"rounds": 1}, 4),
    "indian": ({"format": "points"}, 4),
}


# --- people ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    id: int
    levels: tuple[float, float, float]
    """The weights of Easy, Medium and Hard in the person's decisions."""
    think_mu: float
    think_sigma: float
    start_hour: int
    hours: int
    """The daily window: ``hours`` from ``start_hour`` (UTC)."""
    disconnect: float = 0.01
    """The chance, per game, of a lost connection: three timed-out turns, then a forfeit."""
    early_quit: float = 0.003
    """The chance, per game, of conceding after one draw (a mistake, a call)."""
    role: str = "honest"
    mate: int | None = None
    """The other account of a pair of cheaters."""


def honest_people(count: int, rng: random.Random, first_id: int = 1) -> list[Person]:
    people = []
    for number in range(count):
        kind = rng.random()
        if kind < 0.2:
            levels = (0.1, 0.4, 0.5)  # strong
        elif kind < 0.7:
            levels = (0.4, 0.6, 0.0)
        else:
            levels = (0.8, 0.2, 0.0)
        people.append(
            Person(
                id=first_id + number,
                levels=levels,
                think_mu=math.log(rng.uniform(2.0, 8.0)),
                think_sigma=rng.uniform(0.6, 1.0),
                start_hour=rng.randrange(24),
                hours=rng.randint(2, 12),
            )
        )
    return people


def bot(person_id: int) -> Person:
    return Person(person_id, (0, 0, 1), math.log(2.0), 0.0, 0, 24, 0.0, 0.0, role="bot")


# --- one game --------------------------------------------------------------------------------


@dataclass
class GameLog:
    """What the server would hold of one game, reduced as the scan reduces it."""

    variant: str
    people: tuple[int, ...]
    """The person at each seat."""
    placement: tuple[int, ...] = ()
    """Persons from first to last."""
    rated: bool = True
    early: int | None = None
    """The person who forfeited early (the game is unrated)."""
    chances: list[feeding.Chance] = field(default_factory=list)
    think: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    active: dict[int, set[tuple[int, int]]] = field(default_factory=lambda: defaultdict(set))
    agreed: dict[int, list[bool]] = field(default_factory=lambda: defaultdict(list))
    sat: tuple[int, ...] = ()
    day: int = 0
    unfinished: bool = False


@dataclass(frozen=True)
class Job:
    variant: str
    people: tuple[Person, ...]
    seed: int
    start: float
    """Seconds from day 0, 00:00."""
    track: frozenset[int] = frozenset()
    """People whose agreement with our Hard player is measured (costly: Gin Rummy only)."""
    concede_after: dict[int, int] | None = None
    """Person -> the draws after which they concede (pairs of cheaters)."""
    winner: int | None = None
    """A pair of cheaters: the person who must win (the other concedes)."""


def _useful(card: str, hand: Iterable[str]) -> bool:
    """Whether ``card`` fits a hand: a joker, a card of a rank it holds (another suit),
    or a suit neighbour within two ranks."""
    if card == "XX":
        return True
    rank, suit = RANKS.index(card[0]), card[1]
    for other in hand:
        if other == "XX" or other == card:
            continue
        other_rank, other_suit = RANKS.index(other[0]), other[1]
        if other_rank == rank or (other_suit == suit and abs(other_rank - rank) <= 2):
            return True
    return False


def _behind(rules: Any, state: Any, seat: int) -> bool:
    scores = rules.progress(state).scores
    leader = rules.standings(state)[0]
    return scores[seat] != scores[leader] and leader != seat


def play(job: Job) -> GameLog:
    """Play one game with each seat's conduct, as the server would log it."""
    variant = variant_for(job.variant)
    rules, players = variant.rules, variant.players
    rng = random.Random(job.seed)
    options = rules.rules_from_json(TABLES[job.variant][0])
    seats = len(job.people)
    state = rules.new_game(
        options,
        seats=seats,
        dealer=rng.randrange(seats),
        deck=rules.new_deck(rng, options),
        salt="0" * 32,
    )
    people = job.people
    by_id = {person.id: seat for seat, person in enumerate(people)}
    log = GameLog(job.variant, tuple(p.id for p in people), day=int(job.start // 86400))
    clock = job.start
    draws: Counter[int] = Counter()
    timeouts: Counter[int] = Counter()
    gone: set[int] = set()
    """Seats whose player left a game that goes on: the computer (``easy``) plays them."""
    disconnect_at = {
        seat: rng.randint(4, 60) for seat, p in enumerate(people) if rng.random() < p.disconnect
    }
    sitting_now: set[int] = set()
    quitting = {seat for seat, p in enumerate(people) if rng.random() < p.early_quit}
    previous: tuple[int, int] | None = None  # (round, seat) of the last action
    steps = 0

    def actor(seat: int) -> int:
        return COMPUTER if seat in gone else people[seat].id

    def forfeit(seat: int, reason: str) -> None:
        nonlocal state
        if seats == 2 and draws[seat] < EARLY_FORFEIT_DRAWS:
            log.early = people[seat].id  # the game ends unrated
        state = rules.concede(state, seat, reason)
        gone.add(seat)

    while steps < 6000:
        progress = rules.progress(state)
        if progress.is_over:
            break
        if progress.awaiting_deal:
            state = rules.deal_next_round(state, rules.new_deck(rng, options), "0" * 32)
            previous = None
            continue
        seat = progress.turn
        assert seat is not None
        person = people[seat]
        steps += 1
        view = rules.view_for(state, seat)
        if seat in gone:  # the stand-in computer
            before = state
            action = players.choose(view, "easy", rng)
            state = rules.apply_action(state, action, seat)
            _chance(log, rules, before, action, state, previous, progress, seat, actor)
            previous = (progress.round_number, seat)
            continue
        # Conduct: sitting (when behind), a lost connection, a concession.
        if person.role == "sitter" and _behind(rules, state, seat):
            sitting_now.add(seat)
        if seat in disconnect_at and steps >= disconnect_at[seat]:
            sitting_now.add(seat)
        if (seat in quitting and draws[seat] >= 1) or (
            job.concede_after is not None
            and person.id != job.winner
            and person.id in job.concede_after
            and draws[seat] >= job.concede_after[person.id]
        ):
            forfeit(seat, "concede")
            continue
        if seat in sitting_now:
            # The turn timer plays the whole turn; the third in a row forfeits.
            turn_round = progress.round_number
            clock += TURN_SECONDS
            while (
                rules.progress(state).turn == seat
                and rules.progress(state).round_number == turn_round
                and not rules.progress(state).is_over
                and not rules.progress(state).awaiting_deal
            ):
                state = rules.apply_action(
                    state, players.absent(rules.view_for(state, seat), rng), seat
                )
            timeouts[seat] += 1
            previous = (turn_round, seat)
            if timeouts[seat] >= 3 and not rules.progress(state).is_over:
                if _behind(rules, state, seat):
                    log.sat = (*log.sat, person.id)
                forfeit(seat, "timeout")
            continue
        action = _choose(job, rules, players, state, view, seat, people, by_id, previous, rng)
        think = _think(person, rng)
        clock += think
        log.think[person.id].append(think)
        log.active[person.id].add((int(clock // 86400), int(clock % 86400 // 3600)))
        if person.id in job.track:
            _agreement(log, rules, players, view, action, person.id, rng)
        before = state
        state = rules.apply_action(state, action, seat)
        if rules.drawn_card(before, action, state):
            draws[seat] += 1
        _chance(log, rules, before, action, state, previous, progress, seat, actor)
        previous = (progress.round_number, seat)
    if not rules.progress(state).is_over:
        log.unfinished = True
        return log
    outcome = rules.outcome(state)
    log.placement = tuple(people[seat].id for seat in outcome.placement)
    log.rated = log.early is None
    return log


def _chance(
    log: GameLog,
    rules: Any,
    before: Any,
    action: Any,
    after: Any,
    previous: tuple[int, int] | None,
    progress: Any,
    seat: int,
    actor: Callable[[int], int],
) -> None:
    """A draw right after another seat's turn, in the same round: a chance to take its
    discard (as the scan reads it from the move log)."""
    if not rules.drawn_card(before, action, after):
        return
    if previous is None or previous[0] != progress.round_number or previous[1] == seat:
        return
    log.chances.append(
        feeding.Chance(
            giver=actor(previous[1]),
            taker=actor(seat),
            took=rules.card_is_public(rules.action_to_json(action)),
        )
    )


def _think(person: Person, rng: random.Random) -> float:
    if person.role == "bot":
        return 2.0 * rng.uniform(0.9, 1.1)
    return min(rng.lognormvariate(person.think_mu, person.think_sigma), 25.0)


def _agreement(
    log: GameLog, rules: Any, players: Any, view: Any, action: Any, person: int, rng: random.Random
) -> None:
    seed = rng.randrange(2**32)
    hard = rules.action_to_json(players.choose(view, "hard", random.Random(seed)))
    easy = rules.action_to_json(players.choose(view, "easy", random.Random(seed)))
    if hard != easy:
        log.agreed[person].append(rules.action_to_json(action) == hard)


def _choose(
    job: Job,
    rules: Any,
    players: Any,
    state: Any,
    view: Any,
    seat: int,
    people: Sequence[Person],
    by_id: dict[int, int],
    previous: tuple[int, int] | None,
    rng: random.Random,
) -> Any:
    person = people[seat]
    if person.role in ("bot", "bot_disguised"):
        return players.choose(view, "hard", rng)
    level = rng.choices(("easy", "medium", "hard"), weights=person.levels)[0]
    if level == "hard" and job.variant != "gin":
        level = "medium"  # Rummy's Hard searches for ~0.1 s a decision: too slow here
    action = players.choose(view, level, rng)
    if person.role not in ("feeder", "fed") or person.mate not in by_id:
        return action
    mate_seat = by_id[person.mate]
    body = rules.action_to_json(action)
    table = rules.view_to_json(view)["round"]
    if person.role == "feeder" and body.get("type") == "discard":
        after_me = (seat + 1) % len(people)
        if after_me == mate_seat and rng.random() < 0.7:
            mate_hand = rules.view_to_json(rules.view_for(state, mate_seat))["round"]["hand"]
            legal = next(a for a in table["legal_actions"] if a["type"] == "discard")["cards"]
            fitting = [card for card in legal if _useful(card, mate_hand)]
            if fitting:
                return rules.action_from_json({"type": "discard", "card": fitting[0]})
    if person.role == "fed" and body.get("type") in ("draw_stock", "draw_discard"):
        legal = {a["type"] for a in table["legal_actions"]}
        pile = table.get("discard_pile") or []
        if (
            previous is not None
            and previous[1] == mate_seat
            and "draw_discard" in legal
            and pile
            and _useful(pile[-1], table["hand"])
        ):
            return rules.action_from_json({"type": "draw_discard"})
    return action


# --- the season ------------------------------------------------------------------------------


def schedule(
    people: Sequence[Person], games: int, rng: random.Random, *, track: frozenset[int], seed: int
) -> list[Job]:
    """``games`` honest games over 30 days: each at a moment in its first player's window,
    with others whose window covers that hour."""
    jobs = []
    mix = ["gin"] * 14 + ["rummy"] * 4 + ["indian"] * 2
    for number in range(games):
        name = rng.choice(mix)
        seats = TABLES[name][1]
        first = rng.choice(people)
        day = rng.randrange(DAYS)
        hour = (first.start_hour + rng.randrange(first.hours)) % 24
        around = [
            p for p in people if p.id != first.id and (hour - p.start_hour) % 24 < p.hours
        ] or [p for p in people if p.id != first.id]
        table = [first, *rng.sample(around, min(seats - 1, len(around)))]
        rng.shuffle(table)
        start = day * 86400 + hour * 3600 + rng.randrange(3600)
        jobs.append(
            Job(
                name,
                tuple(table),
                seed * 1_000_003 + number,
                start,
                track if name == "gin" else frozenset(),
            )
        )
    return jobs


@dataclass
class Season:
    logs: list[GameLog]

    def findings(self) -> list[Finding]:
        """Every detector over the season, as the after-game review and the scan run."""
        found: list[Finding | None] = []
        found += self._pairs()
        chances = [c for log in self.logs for c in log.chances]
        found += feeding.feeding(chances, min_chances=FEEDING_MIN_CHANCES, min_z=FEEDING_Z)
        think: dict[int, list[float]] = defaultdict(list)
        active: dict[int, set[tuple[int, int]]] = defaultdict(set)
        agreed: dict[int, list[bool]] = defaultdict(list)
        for log in self.logs:
            for person, times in log.think.items():
                think[person] += times
            for person, hours in log.active.items():
                active[person] |= hours
            for person, marks in log.agreed.items():
                agreed[person] += marks
        for person, times in think.items():
            found.append(
                bots.regular_timing(person, times, min_actions=BOT_MIN_ACTIONS, max_cv=BOT_MAX_CV)
            )
            found.append(bots.long_hours(person, active[person], min_hours=BOT_HOURS))
        for person, marks in agreed.items():
            found.append(
                bots.engine_agreement(
                    person, marks, min_decisions=BOT_MIN_DECISIONS, min_share=BOT_AGREEMENT
                )
            )
        found += self._sittings()
        found += self._records()
        return [f for f in found if f is not None]

    def _pairs(self) -> list[Finding]:
        results: list[pairs.PairResult] = []
        played: Counter[int] = Counter()
        transfers: list[pairs.RatingTransfer] = []
        ratings: dict[int, glicko2.Rating] = defaultdict(glicko2.Rating)
        for log in sorted(self.logs, key=lambda log: log.day):
            if not log.placement or not log.rated:
                continue
            for person in log.people:
                played[person] += 1
            for index, better in enumerate(log.placement):
                for worse in log.placement[index + 1 :]:
                    results.append(pairs.PairResult(better, worse))
            if log.variant == "gin":
                winner, loser = log.placement
                before_w, before_l = ratings[winner], ratings[loser]
                ratings[winner] = glicko2.rate(before_w, [glicko2.Outcome(before_l, 1.0)])
                ratings[loser] = glicko2.rate(before_l, [glicko2.Outcome(before_w, 0.0)])
                gain = ratings[winner].rating - before_w.rating
                transfers.append(pairs.RatingTransfer(winner, loser, gain))
        found = pairs.win_trading(
            results,
            played,
            min_games=PAIR_MIN_GAMES,
            win_share=PAIR_WIN_SHARE,
            game_share=PAIR_GAME_SHARE,
        )
        found += pairs.rating_flow(
            transfers, min_points=RATING_FLOW, min_games=RATING_FLOW_MIN_GAMES
        )
        return found

    def _sittings(self) -> list[Finding | None]:
        by_person: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for number, log in enumerate(self.logs):
            for person in log.sat:
                by_person[person].append((log.day, number))
        found: list[Finding | None] = []
        for person, sat in by_person.items():
            sat.sort()
            for index in range(len(sat)):
                window = [
                    game for day, game in sat if sat[index][0] <= day < sat[index][0] + SITTING_DAYS
                ]
                finding = sitting.sitting(
                    person, [str(game) for game in window], min_sittings=SITTING_MIN
                )
                if finding is not None:
                    found.append(finding)
                    break
        return found

    def _records(self) -> list[Finding | None]:
        outcomes: dict[int, tuple[record.Outcome, ...]] = defaultdict(tuple)
        flagged: set[int] = set()
        for log in sorted(self.logs, key=lambda log: log.day):
            if not log.placement or log.variant != "gin":
                continue
            for person in log.people:
                if log.early is None:
                    outcome = record.Outcome.GOOD
                elif person == log.early:
                    outcome = record.Outcome.EARLY_LOSS
                else:
                    outcome = record.Outcome.EARLY_WIN
                outcomes[person] = record.record_push(
                    outcomes[person], outcome, length=RECORD_LENGTH
                )
                if record.record_verdict(
                    outcomes[person], warn_at=RECORD_WARN, signal_at=RECORD_SIGNAL
                ).signal:
                    flagged.add(person)
        return [Finding(kind="early_forfeits", user=person) for person in sorted(flagged)]


def run_jobs(jobs: list[Job], workers: int) -> list[GameLog]:
    if workers <= 1:
        return [play(job) for job in jobs]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(play, jobs, chunksize=4)


# --- scenarios -------------------------------------------------------------------------------


def scenario_jobs(
    kind: str, people: list[Person], rng: random.Random, seed: int
) -> tuple[list[Job], set[int]]:
    """The cheaters' games of one run, among ``people``; the cheaters' ids."""
    base = max(p.id for p in people) + 1
    jobs: list[Job] = []
    honest = [p for p in people if p.role == "honest"]

    def at(day: int, hour: int) -> float:
        return day * 86400 + hour * 3600 + rng.randrange(3600)

    if kind in ("win_trading", "farming"):
        a = Person(base, (0.4, 0.6, 0.0), math.log(4), 0.8, 18, 4, role="pair", mate=base + 1)
        b = Person(base + 1, (0.4, 0.6, 0.0), math.log(4), 0.8, 18, 4, role="pair", mate=base)
        count, draws = (12, EARLY_FORFEIT_DRAWS) if kind == "win_trading" else (8, 1)
        for number in range(count):
            winner = a.id if number < count - 1 or kind == "farming" else b.id
            loser = b.id if winner == a.id else a.id
            jobs.append(
                Job(
                    "gin",
                    (a, b),
                    seed * 7919 + number,
                    at(rng.randrange(DAYS), 18),
                    concede_after={loser: draws},
                    winner=winner,
                )
            )
        for person in (a, b):
            for number in range(10 if kind == "win_trading" else 3):
                other = rng.choice(honest)
                table = [person, other]
                rng.shuffle(table)
                jobs.append(
                    Job(
                        "gin",
                        tuple(table),
                        seed * 7919 + 100 + number + person.id,
                        at(rng.randrange(DAYS), 19),
                    )
                )
        return jobs, {a.id, b.id}
    if kind == "feeding":
        a = Person(base, (0.4, 0.6, 0.0), math.log(5), 0.8, 20, 4, role="feeder", mate=base + 1)
        b = Person(base + 1, (0.4, 0.6, 0.0), math.log(5), 0.8, 20, 4, role="fed", mate=base)
        for number in range(36):
            name = "rummy" if number % 3 else "indian"
            others = rng.sample(honest, 2)
            table = [a, b, *others]
            rng.shuffle(table)
            jobs.append(Job(name, tuple(table), seed * 7919 + number, at(rng.randrange(DAYS), 20)))
        # Their neighbours' baseline: the feeder at honest tables too.
        for number in range(12):
            table = [a, *rng.sample(honest, 3)]
            rng.shuffle(table)
            name = "rummy" if number % 3 else "indian"
            jobs.append(
                Job(name, tuple(table), seed * 7919 + 50 + number, at(rng.randrange(DAYS), 21))
            )
        return jobs, {b.id}
    if kind == "bot":
        script = bot(base)
        day = rng.randrange(DAYS)
        clock = day * 86400.0
        for number in range(8):
            other = rng.choice(honest)
            table = [script, other]
            rng.shuffle(table)
            jobs.append(
                Job("gin", tuple(table), seed * 7919 + number, clock, track=frozenset({script.id}))
            )
            clock += 3 * 3600
        return jobs, {script.id}
    if kind == "bot_disguised":
        # Hard's choices with a person's think times, one game an hour around the clock.
        script = Person(base, (0, 0, 1), math.log(4), 0.8, 0, 24, 0.0, 0.0, role="bot_disguised")
        day = rng.randrange(DAYS)
        for number in range(24):
            other = rng.choice(honest)
            table = [script, other]
            rng.shuffle(table)
            start = day * 86400.0 + number * 3600 + rng.randrange(600)
            jobs.append(
                Job("gin", tuple(table), seed * 7919 + number, start, frozenset({script.id}))
            )
        return jobs, {script.id}
    if kind == "sitting":
        sitter = Person(base, (0.4, 0.6, 0.0), math.log(4), 0.8, 17, 5, role="sitter")
        day = rng.randrange(DAYS - SITTING_DAYS)
        for number in range(6):
            other = rng.choice(honest)
            table = [sitter, other]
            rng.shuffle(table)
            jobs.append(Job("gin", tuple(table), seed * 7919 + number, at(day + number, 17)))
        return jobs, {sitter.id}
    raise ValueError(kind)


RULES_OF = {
    "win_trading": {"win_trading", "rating_flow"},
    "farming": {"early_forfeits"},
    "feeding": {"feeding"},
    "bot": {"regular_timing", "long_hours", "engine_agreement"},
    "bot_disguised": {"regular_timing", "long_hours", "engine_agreement"},
    "sitting": {"sitting"},
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--honest-games", type=int, default=2000)
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--scenarios", default=",".join(RULES_OF))
    parser.add_argument(
        "--track", type=int, default=40, help="honest players whose agreement with Hard is measured"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--background", default="", help="a file keeping the honest games between runs"
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    people = honest_people(args.people, rng)
    tracked = frozenset(p.id for p in rng.sample(people, min(args.track, len(people))))
    started = time.perf_counter()
    jobs = schedule(people, args.honest_games, rng, track=tracked, seed=args.seed)
    cache = Path(args.background) if args.background else None
    if cache is not None and cache.exists():
        background = pickle.loads(cache.read_bytes())
    else:
        background = run_jobs(jobs, args.workers)
        if cache is not None:
            cache.write_bytes(pickle.dumps(background))
    elapsed = time.perf_counter() - started
    finished = [log for log in background if not log.unfinished]
    honest_ids = {p.id for p in people}
    flagged = _flagged(Season(finished).findings(), honest_ids)
    counts = Counter(log.variant for log in finished)
    print(
        f"honest: {len(people)} players, {len(finished)} finished games "
        f"({dict(counts)}; {len(background) - len(finished)} stopped unfinished) in {elapsed:.0f} s"
    )
    print(
        f"  agreement measured for {len(tracked)} players over "
        f"{sum(len(v) for log in finished for v in log.agreed.values())} decisions that matter"
    )
    shares = _agreement_shares(finished)
    if shares:
        top = max(shares.values(), key=lambda pair: pair[0])
        print(
            f"  agreement with Hard among honest players with 100+ such decisions: "
            f"highest {100 * top[0]:.1f} % (over {top[1]}), median "
            f"{100 * sorted(v[0] for v in shares.values())[len(shares) // 2]:.1f} %"
        )
    fp = len(flagged)
    print(
        f"  false positives: {fp} of {len(people)} honest players ({100 * fp / len(people):.2f} %)"
    )
    for rule, persons in sorted(_by_rule(Season(finished).findings(), honest_ids).items()):
        print(f"    {rule}: {len(persons)}")
    for kind in args.scenarios.split(","):
        detected = 0
        honest_hit: Counter[str] = Counter()
        by_rule: dict[str, set[int]] = defaultdict(set)
        started = time.perf_counter()
        for run in range(args.runs):
            run_rng = random.Random(args.seed * 1000 + run + hash(kind) % 997)
            jobs, cheaters = scenario_jobs(kind, people, run_rng, args.seed * 100 + run)
            logs = [log for log in run_jobs(jobs, args.workers) if not log.unfinished]
            findings = Season(finished + logs).findings()
            hit = {f.user for f in findings if f.kind in RULES_OF[kind]} | {
                f.other for f in findings if f.kind in RULES_OF[kind] and f.other is not None
            }
            detected += bool(cheaters & hit)
            for finding in findings:
                if finding.kind in RULES_OF[kind] and {finding.user, finding.other} & cheaters:
                    by_rule[finding.kind].add(run)
            for finding in findings:
                if (
                    finding.user in honest_ids
                    and finding.kind != "shared_network"
                    and finding.user not in flagged
                ):
                    honest_hit[finding.kind] += 1
        print(
            f"{kind}: detected in {detected} of {args.runs} runs "
            f"({100 * detected / args.runs:.0f} %); "
            f"honest players newly flagged across runs: {dict(honest_hit) or 0} "
            f"({time.perf_counter() - started:.0f} s)"
        )
        print(
            "  by rule: "
            + ", ".join(f"{rule} {len(runs)}" for rule, runs in sorted(by_rule.items()))
        )
    return 0


def _agreement_shares(logs: Iterable[GameLog]) -> dict[int, tuple[float, int]]:
    """Each tracked player's share of decisions that were Hard's (100 decisions or more)."""
    marks: dict[int, list[bool]] = defaultdict(list)
    for log in logs:
        for person, agreed in log.agreed.items():
            marks[person] += agreed
    return {p: (sum(m) / len(m), len(m)) for p, m in marks.items() if len(m) >= 100}


def _flagged(findings: Iterable[Finding], honest: set[int]) -> set[int]:
    return {f.user for f in findings if f.user in honest and f.kind != "shared_network"}


def _by_rule(findings: Iterable[Finding], honest: set[int]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = defaultdict(set)
    for finding in findings:
        if finding.user in honest:
            out[finding.kind].add(finding.user)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
