"""Leaderboards: weekly, monthly and all-time standings, and skill ratings."""
