"""The simulated clock on the organiser's desktop (CPython): a window, the
terminal, PNG pictures of the displays."""
