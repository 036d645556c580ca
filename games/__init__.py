"""Games: persisted matches, the move log, the action service and the computer's turns."""
