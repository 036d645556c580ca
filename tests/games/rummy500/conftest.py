"""Rummy 500 tables made through the API (:mod:`tests.games.melding.tables`)."""

from tests.games.melding.tables import computer_table_fixture, people_table_fixture

computer_table = computer_table_fixture("rummy500")
people_table = people_table_fixture("rummy500")
