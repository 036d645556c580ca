"""Rummy tables made through the API (:mod:`tests.games.melding.tables`): against the
computer, between people, or both."""

from tests.games.melding.tables import computer_table_fixture, people_table_fixture

computer_table = computer_table_fixture("rummy")
people_table = people_table_fixture("rummy")
