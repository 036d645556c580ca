"""Accounts: the user model, tokens, registration, profiles."""
