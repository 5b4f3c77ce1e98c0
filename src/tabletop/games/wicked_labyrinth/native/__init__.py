"""The Wicked Labyrinth in C: hand-written extensions beside the Python rules they mirror.

``_planner`` is the heuristic's soul-processing search (the reference is
:mod:`tabletop.games.wicked_labyrinth.bots.processing_planner`); ``_engine`` steps
many tables of the game for the batched RL env (its Python side is
:mod:`tabletop.games.wicked_labyrinth.rl.engine`); ``_pack`` writes the table
encoder's rows (the reference is :mod:`tabletop.games.wicked_labyrinth.rl.pack`).
They are built and loaded only in a compiled, fresh build (:mod:`tabletop.compiled`).
"""
