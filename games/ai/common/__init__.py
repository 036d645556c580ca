"""What every game's computer players share: the typed interface they implement, and the
simulator that plays them against each other."""
