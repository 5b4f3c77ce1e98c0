"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments for every game.

Each adapter lives in its own module and imports its library only when used:
``pettingzoo`` (parallel and AEC envs), ``gymnasium`` (one learning seat against
opponents), ``vector`` (many tables stepped in one call, into NumPy arrays),
``openspiel`` (pyspiel games, after ``register()``). They share ``episode`` (the engine
driven by integer actions: masks, no-op, rewards, illegal-action policy), ``encoders``
(one per game, views to vectors) and ``opponents`` (bots or policies in the other
seats); ``selfplay`` draws those from a pool of past selves. ``tables`` prints the
observation and action tables of docs/rl.md; ``tabletop.bench.rl`` measures what the
wrappers cost.
Nothing here imports torch.
"""
