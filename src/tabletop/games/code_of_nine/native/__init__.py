"""Code of Nine in C: hand-written extensions beside the Python rules they mirror.

``_engine`` steps many tables of the game for the batched RL env (its Python side is
:mod:`tabletop.games.code_of_nine.rl.engine`); ``_pack`` writes the table encoder's
rows (the reference is :mod:`tabletop.games.code_of_nine.rl.pack`). They are built and
loaded only in a compiled, fresh build (:mod:`tabletop.compiled`).
"""
