"""The learned bot's data for The Wicked Labyrinth (the kit's ``neural:*`` parts).

``WEIGHTS``: the shipped network (``neural.npz`` beside this module, with the soul
processing plan head of :mod:`.plans`), written by ``tabletop train``. ``EXPERT``: the
search whose choices training imitates, and whether it labels the sealed decisions only.
"""

from importlib import resources

from tabletop.core.knowledge import Expert

WEIGHTS = resources.files("tabletop.games.wicked_labyrinth.bots") / "neural.npz"

EXPERT = Expert(
    # the game's strongest search (docs/arena.md) at a fifth of the lobby's time, on the
    # CPU clock; it searches only the declarations (the other decisions are the
    # heuristic's)
    "mcts:time=0.05,clock=cpu,model=adaptive,guide=heuristic,search=sealed",
    sealed=True,
)
