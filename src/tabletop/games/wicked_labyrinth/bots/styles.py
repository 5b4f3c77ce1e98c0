"""The heuristic's styles (the kit's ``bots:styles``): each parameter's documented range.

``tabletop bots population`` draws opponents uniformly over these ranges, and
``tabletop bots tune`` searches them. The shipped heuristic is ``aggression=1,
spite=0.3, future=1, budget=800``; the league rates ``aggression=1.6,spite=0.6`` and
``aggression=0.6,spite=0``, the adaptive model fits rivals over aggression 0.6 to 2.4
and spite 0 to 0.6 (docs/arena.md). The ranges here are wider on every side, and
``budget`` runs from the league's short planner (40) to the shipped one.
"""

from tabletop.core.styles import Param, Styles

STYLES = Styles(
    "heuristic",
    (
        Param("aggression", 0.3, 2.5),
        Param("spite", 0.0, 1.0),
        Param("future", 0.0, 1.5),
        Param("budget", 40, 800, whole=True),
    ),
)
