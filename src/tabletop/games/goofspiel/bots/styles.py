"""The heuristic's styles (the kit's ``bots:styles``): ``shift``, how many places
above (below, when negative) the matching rank it bids. Drawn by ``tabletop bots
population``; two places either way already over- or underbids most point cards."""

from tabletop.core.styles import Param, Styles

STYLES = Styles("heuristic", (Param("shift", -2, 2, whole=True),))
