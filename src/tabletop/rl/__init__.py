"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments for every game.

Each adapter lives in its own module and imports its library only when used:
``tabletop.rl.pettingzoo``, ``tabletop.rl.gymnasium``, ``tabletop.rl.openspiel``.
Observations come from ``tabletop.rl.encoders`` (views only); tables in docs/rl.md.
"""
