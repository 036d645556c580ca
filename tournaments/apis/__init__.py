"""The tournament API, one module per resource (docs/tournaments.md): each view parses (a
nested ``InputSerializer``, or the format's body), calls one service or one selector, and
presents the answer. No view reads or writes a row itself (import-linter keeps
``tournaments.models`` and ``django.db`` out of this package), and no ``GET`` writes.

* :mod:`.tournaments` list, create, one tournament, cancel
* :mod:`.entries` join (by id or by code), withdraw, pause
* :mod:`.results` the standings, a player's sheet, the pairings, the bracket, the deals
* :mod:`.inputs` the creation bodies, one per format, built from the formats' specs
* :mod:`.schema` the documentation of the answers; :mod:`.errors` a malformed id

The event stream is :mod:`tournaments.streams`.
"""
