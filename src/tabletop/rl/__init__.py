"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments for every game.

Each adapter lives in its own module and imports its library only when used:
``pettingzoo`` (parallel and AEC envs), ``gymnasium`` (one learning seat against bots),
``openspiel`` (pyspiel games, after ``register()``). They share ``episode`` (the engine
driven by integer actions: masks, no-op, rewards, illegal-action policy) and
``encoders`` (one per game, views to vectors). ``tables`` prints the observation and
action tables of docs/rl.md; ``bench`` measures what the wrapper costs.
"""
