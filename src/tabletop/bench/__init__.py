"""Speed measurements: random playouts, decisions and state copies per second.

The clock lives here, never in ``core`` or ``games``. ``engine`` measures a registered
game through its fast path; ``openspiel`` measures OpenSpiel's reference game in C++
with the same kind of Python loop, as a yardstick (open-spiel is the optional ``bench``
extra); ``mcts`` the search's iterations; ``rl`` what the RL envs cost over the engine.
"""
