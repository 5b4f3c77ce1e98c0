"""The Wicked Labyrinth in C: hand-written extensions beside the Python rules they mirror.

``_planner`` is the heuristic's soul-processing search (the reference is
:mod:`tabletop.games.wicked_labyrinth.bots.processing_planner`); it is built and
loaded only in a compiled, fresh build (:mod:`tabletop.compiled`).
"""
