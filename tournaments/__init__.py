"""Tournaments: sit & go, arena, Swiss and knockout over the games of the games app.

The formats' mathematics (pairings, scores, standings, brackets, schedules) live in
:mod:`tournaments.formats`, a library with no Django in it; the app's models, services and
API are written over it.
"""
