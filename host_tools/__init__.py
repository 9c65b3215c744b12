"""xqclock host tools: the organiser's side of the clock."""
