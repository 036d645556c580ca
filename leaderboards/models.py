"""Leaderboard models."""
