"""Fair play's detectors: pure, typed functions of plain values and thresholds.

The standard library only (no Django, no database, no clock): the app reads the move log
and the result rows, reduces them to the values each function takes, and raises a
``fairplay.models.Signal`` for each :class:`~fairplay.signals.findings.Finding`.

* :mod:`.record` games closed before ratings move; the recent record (SandbagWatch)
* :mod:`.pairs` win trading and rating flow between two accounts
* :mod:`.devices` keyed hashes of addresses, networks and devices; who shares one
* :mod:`.feeding` feeding and soft play at tables of three or more
* :mod:`.bots` timing regularity, hours active, agreement with our Hard player
* :mod:`.sitting` timing out while losing; play ban lengths
* :mod:`.stats` the statistics they share
"""
