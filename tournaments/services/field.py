"""A tournament loaded for a change: its entries, pairings (with their seats) and byes,
read once under the tournament's lock, and the writes every change shares -- a game's
result recorded and folded into the players' tallies, a pairing seated, a bye given, the
standings rebuilt and their ranks written.

The tally fold is incremental (:func:`tournaments.formats.score_after`, one record at a
time, in the order the games ended); the ranks and tie-breaks come from the full rebuild
(:func:`tournaments.formats.standings`) after each change, and a rebuild can rewrite the
tallies too (:meth:`Field.refresh_standings` with ``rebuild=True``). The two agree: the
tests compare them after whole tournaments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.db.models import Prefetch

from accounts.models import User
from core.api import iso
from fairplay.selectors import players_sharing_device
from games import services as games
from games.models import GameStatus
from games.services import SeatedResult
from tournaments import formats
from tournaments.models import (
    Bye,
    DuplicateRound,
    Entry,
    Pairing,
    PairingSeat,
    PairingStatus,
    Tournament,
    TournamentEvent,
    TournamentStatus,
)
from tournaments.presenters import public_player
from tournaments.records import bye_of, entry_of, game_of, settings_of, spec_of
from tournaments.services.events import tournament_event_add

TALLY_FIELDS = ("score", "streak", "games", "wins", "draws", "losses", "byes")
RANK_FIELDS = ("rank", "sonneborn_berger", "performance", "eliminated_round")
STATE_FIELDS = ("withdrawn", "paused", "paused_until", "removed", "waiting_since")
LEADERS_IN_EVENTS = 10
"""Rows a ``standings_changed`` event carries (the top of the standings)."""

DUPLICATE_DECKS = 10
"""Decks drawn and committed for each duplicate round: a game's first ten deals are the
same at every table of the round (later ones, rare with tournament rules, are shuffled)."""


def public_user(user: User) -> dict[str, str]:
    """How a tournament's answers and events name a player."""
    return {"username": user.username, "display_name": user.public_name}


@dataclass
class Field:
    """Everything of one tournament a change reads, loaded once; the caller holds the
    tournament's lock."""

    tournament: Tournament
    now: datetime
    entries: list[Entry]
    pairings: list[Pairing]
    seats: dict[int, list[PairingSeat]]
    """Each pairing's seats, in seat order (by the pairing's id)."""
    byes: list[Bye]
    duplicate: dict[int, DuplicateRound]
    dirty: bool = False
    """Something changed that the standings must show."""
    rebuild: bool = False
    """The tallies must be rebuilt from the records (a player was removed)."""
    touched: set[int] = field(default_factory=set)
    """Entries whose cached figures changed (by id)."""

    @classmethod
    def load(cls, tournament: Tournament, *, now: datetime) -> Field:
        entries = list(tournament.entries.select_related("user").order_by("id"))
        seats = Prefetch("seats", queryset=PairingSeat.objects.order_by("seat"))
        pairings = list(tournament.pairings.prefetch_related(seats).order_by("id"))
        return cls(
            tournament=tournament,
            now=now,
            entries=entries,
            pairings=pairings,
            seats={p.pk: list(p.seats.all()) for p in pairings},
            byes=list(tournament.byes.order_by("id")),
            duplicate={d.round: d for d in tournament.duplicate_rounds.all()},
        )

    # --- reading -----------------------------------------------------------------------

    @property
    def spec(self) -> formats.FormatSpec:
        """The tournament's format: what it asks instead of branching on it."""
        return spec_of(self.tournament)

    @property
    def settings(self) -> formats.Settings:
        return settings_of(self.tournament)

    @property
    def users(self) -> dict[int, int]:
        """Entry id -> player (user id)."""
        return {e.pk: e.player for e in self.entries}

    def entry_of_user(self, user_id: int) -> Entry:
        return next(e for e in self.entries if e.player == user_id)

    def apart(self) -> set[tuple[int, int]]:
        """The pairs of this tournament's players that fair play saw on one device: never
        paired nor seated at one table where the field allows another seating (one
        query; the pairings take them as ``apart``)."""
        return players_sharing_device(
            e.user_id for e in self.entries if e.user_id is not None and e.active
        )

    def playing(self) -> list[Pairing]:
        return [p for p in self.pairings if p.status == PairingStatus.PLAYING]

    def playing_users(self) -> set[int]:
        users = self.users
        return {users[s.entry_id] for p in self.playing() for s in self.seats[p.pk]}

    def record_of(self, pairing: Pairing) -> formats.Game:
        return game_of(pairing, self.seats[pairing.pk], self.users)

    def records(self, *, void: bool = False) -> list[formats.Record]:
        """Games (void ones with ``void``: Swiss counts them as meetings) and byes."""
        users = self.users
        out: list[formats.Record] = [
            game_of(p, self.seats[p.pk], users)
            for p in self.pairings
            if void or p.status != PairingStatus.VOID
        ]
        out.extend(bye_of(b, users) for b in self.byes)
        return out

    def games(self) -> list[formats.Game]:
        return [r for r in self.records() if isinstance(r, formats.Game)]

    def standing_entries(self) -> list[Entry]:
        """The entries the standings rank: a removed player is left out (their games still
        count for their opponents), except where the format keeps them (a knockout's
        bracket keeps its seeds: the removed player counts as withdrawn there)."""
        if self.spec.keeps_removed:
            return list(self.entries)
        return [e for e in self.entries if not e.removed]

    def formats_entries(self) -> list[formats.Entry]:
        return [entry_of(e) for e in self.standing_entries()]

    def bracket(self) -> formats.Knockout | formats.TableKnockout | None:
        """The bracket (or the tables) as the games played so far have decided it; None
        for a format without one."""
        return self.spec.bracket(self.settings, self.formats_entries(), self.games())

    # --- writing -----------------------------------------------------------------------

    def event(self, kind: str, data: dict[str, Any]) -> None:
        tournament_event_add(tournament=self.tournament, kind=kind, data=data)

    def fold(self, record: formats.Record) -> None:
        """Count one record in its players' cached tallies (records come in the order they
        happened)."""
        settings = self.settings
        players = (record.player,) if isinstance(record, formats.Bye) else record.players
        for player in players:
            entry = self.entry_of_user(player)
            before = _tally(entry)
            after = formats.score_after(settings, before, record)
            if after != before:
                for name in TALLY_FIELDS:
                    setattr(entry, name, getattr(after, name))
                self.touched.add(entry.pk)
        self.dirty = True

    def seat(
        self,
        *,
        round_no: int,
        table: int,
        players: Sequence[int],
        deals: Sequence[tuple[Sequence[str], str]] | None = None,
    ) -> Pairing:
        """Start a game for ``players`` (user ids, seat order) and record its pairing."""
        tournament = self.tournament
        game = games.game_create_seated(
            variant=tournament.variant,
            rules=tournament.rules,
            user_ids=list(players),
            turn_seconds=tournament.turn_seconds,
            deals=deals,
            event_data={
                "tournament_id": str(tournament.pk),
                "tournament": tournament.name,
                "round": round_no,
                "table": table,
            },
        )
        pairing = Pairing.objects.create(
            tournament=tournament, round=round_no, table=table, game=game
        )
        entries = [self.entry_of_user(p) for p in players]
        seats = PairingSeat.objects.bulk_create(
            [PairingSeat(pairing=pairing, seat=n, entry=e) for n, e in enumerate(entries)]
        )
        self.pairings.append(pairing)
        self.seats[pairing.pk] = list(seats)
        for entry in entries:
            if entry.waiting_since is not None:
                entry.waiting_since = None
                self.touched.add(entry.pk)
        self.event(
            TournamentEvent.Kind.PAIRING_MADE,
            {
                "pairing": pairing.pk,
                "round": round_no,
                "table": table,
                "game_id": str(game.pk),
                "players": [public_player(e) for e in entries],
            },
        )
        return pairing

    def give_bye(self, bye: formats.Bye) -> None:
        entry = self.entry_of_user(bye.player)
        row = Bye.objects.create(
            tournament=self.tournament, round=bye.round, entry=entry, kind=bye.kind.value
        )
        self.byes.append(row)
        self.fold(bye)

    def round_deals(self, round_no: int) -> list[tuple[list[str], str]] | None:
        """A duplicate round's decks and salts (drawn and committed the first time)."""
        tournament = self.tournament
        if not tournament.duplicate:
            return None
        deals = self.duplicate.get(round_no)
        if deals is None:
            drawn = games.deals_draw(
                variant=tournament.variant, rules=tournament.rules, count=DUPLICATE_DECKS
            )
            decks = [deck for deck, _ in drawn]
            salts = [salt for _, salt in drawn]
            deals = DuplicateRound.objects.create(
                tournament=tournament,
                round=round_no,
                decks=decks,
                salts=salts,
                commitments=list(formats.deal_commitments(decks, salts)),
            )
            self.duplicate[round_no] = deals
        return list(zip(deals.decks, deals.salts, strict=True))

    def reveal(self, round_no: int) -> None:
        deals = self.duplicate.get(round_no)
        if deals is None or deals.revealed_at is not None:
            return
        deals.revealed_at = self.now
        deals.save(update_fields=["revealed_at"])
        self.event(TournamentEvent.Kind.DEALS_REVEALED, {"round": round_no})

    def finish(self) -> None:
        """The tournament is over: finished, the standings final, every duplicate round
        with no game left revealed, the winner announced."""
        tournament = self.tournament
        tournament.status = TournamentStatus.FINISHED
        tournament.finished_at = self.now
        tournament.round_deadline = None
        tournament.save(update_fields=["status", "finished_at", "round_deadline"])
        self.refresh_standings(force=True)
        for round_no in sorted(self.duplicate):
            if not any(p.round == round_no for p in self.playing()):
                self.reveal(round_no)
        winner = next((e for e in self.entries if e.rank == 1), None)
        self.event(
            TournamentEvent.Kind.FINISHED,
            {"winner": public_player(winner) if winner is not None else None},
        )

    def round_started(self, round_no: int, *, deadline: datetime | None, tables: int) -> None:
        """Announce a round: its deadline, its tables and a duplicate round's commitments."""
        deals = self.duplicate.get(round_no)
        self.event(
            TournamentEvent.Kind.ROUND_STARTED,
            {
                "round": round_no,
                "deadline": iso(deadline),
                "tables": tables,
                "commitments": list(deals.commitments) if deals is not None else None,
            },
        )

    def save_entries(self) -> None:
        changed = [e for e in self.entries if e.pk in self.touched]
        if changed:
            Entry.objects.bulk_update(changed, [*TALLY_FIELDS, *RANK_FIELDS, *STATE_FIELDS])
        self.touched.clear()

    def refresh_standings(self, *, force: bool = False) -> None:
        """Rebuild the standings from the records and write what changed: ranks and
        tie-breaks always, the tallies too when a rebuild was asked for. A change of the
        top rows is a ``standings_changed`` event."""
        if not (self.dirty or self.rebuild or force):
            self.save_entries()
            return
        settings = self.settings
        records = self.records()
        rows = formats.standings(settings, self.formats_entries(), records)
        by_player = {row.player: row for row in rows}
        tallies = formats.tallies(settings, records) if self.rebuild else {}
        moved = False
        for entry in self.entries:
            row = by_player.get(entry.player)
            values: dict[str, Any] = {
                "rank": row.rank if row else None,
                "sonneborn_berger": row.sonneborn_berger if row else 0.0,
                "performance": row.performance if row else None,
                "eliminated_round": row.eliminated_in if row else None,
            }
            if self.rebuild:
                tally = tallies.get(entry.player) or formats.Tally(player=entry.player)
                values.update({name: getattr(tally, name) for name in TALLY_FIELDS})
            for name, value in values.items():
                if getattr(entry, name) != value:
                    setattr(entry, name, value)
                    self.touched.add(entry.pk)
                    moved = moved or name in ("rank", "score")
        self.save_entries()
        if moved or self.rebuild:
            self.event(TournamentEvent.Kind.STANDINGS_CHANGED, {"leaders": self.leaders()})
        self.dirty = self.rebuild = False

    def leaders(self) -> list[dict[str, Any]]:
        ranked = sorted(
            (e for e in self.entries if e.rank is not None), key=lambda e: (e.rank, e.pk)
        )
        return [
            {"rank": e.rank, "user": public_player(e), "score": e.score}
            for e in ranked[:LEADERS_IN_EVENTS]
        ]

    # --- results -----------------------------------------------------------------------

    def seated_results(self, pairings: Sequence[Pairing]) -> dict[Any, SeatedResult]:
        return games.game_seated_results(game_ids=[p.game_id for p in pairings])

    def record_results(self) -> list[Pairing]:
        """Record every game of a playing pairing that has ended (finished: places and
        own moves; abandoned: void) and fold the finished ones into the tallies, in the
        order they ended. Returns the pairings that finished."""
        playing = self.playing()
        if not playing:
            return []
        results = self.seated_results(playing)
        finished: list[Pairing] = []
        for pairing in playing:
            result = results[pairing.game_id]
            if result.status == GameStatus.FINISHED:
                assert result.places is not None
                seats = self.seats[pairing.pk]
                for seat in seats:
                    seat.place = result.places[seat.seat]
                    seat.own_moves = result.own_moves[seat.seat]
                PairingSeat.objects.bulk_update(seats, ["place", "own_moves"])
                pairing.status = PairingStatus.FINISHED
                pairing.ended_at = result.finished_at or self.now
                if result.conceded_seat is not None:
                    pairing.conceded_by_id = self.users[seats[result.conceded_seat].entry_id]
                finished.append(pairing)
            elif result.status == GameStatus.ABANDONED:
                pairing.status = PairingStatus.VOID
                pairing.ended_at = result.finished_at or self.now
                self._ended(pairing)
            else:
                continue
            pairing.save(update_fields=["status", "ended_at", "conceded_by"])
        finished.sort(key=lambda p: (p.ended_at or self.now, p.pk))
        for pairing in finished:
            record = self.record_of(pairing)
            self.fold(record)
            no_show = record.conceded_without_moving()
            if no_show is not None:
                self._no_show(self.entry_of_user(no_show))
            self._ended(pairing, record)
        return finished

    def _ended(self, pairing: Pairing, record: formats.Game | None = None) -> None:
        seats = self.seats[pairing.pk]
        entries = {e.pk: e for e in self.entries}
        if self.spec.continuous:  # its players wait for their next game from now
            for seat in seats:
                entry = entries[seat.entry_id]
                entry.waiting_since = pairing.ended_at
                self.touched.add(entry.pk)
        self.event(
            TournamentEvent.Kind.GAME_ENDED,
            {
                "pairing": pairing.pk,
                "round": pairing.round,
                "table": pairing.table,
                "game_id": str(pairing.game_id),
                "void": record is None,
                "places": [
                    {"user": public_player(entries[s.entry_id]), "place": s.place} for s in seats
                ],
            },
        )
        self.dirty = True

    def _no_show(self, entry: Entry) -> None:
        """A player who conceded before a move of their own: withdrawn, or paused where
        the format says so (an arena: they may come back once the pause is over)."""
        if self.spec.no_show_pauses:
            pause = django_settings.TOURNAMENTS_NO_SHOW_PAUSE_SECONDS
            entry.paused = True
            entry.paused_until = self.now + timedelta(seconds=pause)
        else:
            entry.withdrawn = True
        self.touched.add(entry.pk)


def _tally(entry: Entry) -> formats.Tally:
    return formats.Tally(
        player=entry.player,
        score=entry.score,
        streak=entry.streak,
        games=entry.games,
        wins=entry.wins,
        draws=entry.draws,
        losses=entry.losses,
        byes=entry.byes,
    )
