"""The learned bot's data for Code of Nine (the kit's ``neural:*`` parts).

``WEIGHTS``: the shipped network (``neural.npz`` beside this module), written by
``tabletop train``. ``EXPERT``: the search whose choices training imitates, and whether
it labels the sealed decisions only.
"""

from importlib import resources

from tabletop.core.knowledge import Expert

WEIGHTS = resources.files("tabletop.games.code_of_nine.bots") / "neural.npz"

EXPERT = Expert(
    # the game's strongest search (docs/arena.md) at a fifth of the lobby's time, on the
    # CPU clock, labelling every decision
    "mcts:time=0.05,clock=cpu,model=heuristic,samples=4,c=0.2",
    sealed=False,
)
