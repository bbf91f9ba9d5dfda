"""The puzzles, found by tools/puzzles.py (make puzzles): do not edit by hand.

Empty until computed on the coach's fair worlds (issue 28)."""

PUZZLES: list[dict] = []
