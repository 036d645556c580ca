"""What every game shares: the interface each core implements, and its common parts."""
