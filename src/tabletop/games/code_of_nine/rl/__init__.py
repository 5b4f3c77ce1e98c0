"""Code of Nine for the RL envs: its observation encoders and its engine in C.

``encoder`` turns a player's view into a vector (the reference, documented in
docs/rl.md); ``table`` gives every seat's observation at once from the state, through
the game-blind lookup (:mod:`tabletop.core.lookup`), with the rows ``pack`` writes;
``engine`` hands the batched env's C engine (``native/_engine.c``) the game's numbers.
The kit names them (``rl:encoder``, ``rl:table``, ``rl:native``); the envs in
:mod:`tabletop.rl` never import them.
"""
