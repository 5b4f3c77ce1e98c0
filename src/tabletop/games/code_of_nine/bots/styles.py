"""The heuristic's styles (the kit's ``bots:styles``): each parameter's documented range.

``tabletop bots population`` draws opponents uniformly over these ranges, and
``tabletop bots tune`` searches them. The shipped heuristic is ``samples=8, will=0.45,
info=1.2, guard=0.35``; the league rates ``samples`` 2 and 32. The worths run from
nothing to about three times the shipped ones (``info=2.4`` is measured in
docs/arena.md): wide enough to hold styles the search never saw.
"""

from tabletop.core.styles import Param, Styles

STYLES = Styles(
    "heuristic",
    (
        Param("samples", 2, 32, whole=True),
        Param("will", 0.0, 1.5),
        Param("info", 0.0, 3.0),
        Param("guard", 0.0, 1.2),
    ),
)
