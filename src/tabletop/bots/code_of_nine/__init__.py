"""Code of Nine bots (the heuristic; ``random`` is generic)."""

from tabletop.bots.code_of_nine.heuristic import CodeOfNineHeuristic

__all__ = ["CodeOfNineHeuristic"]
