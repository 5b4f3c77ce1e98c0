"""Goofspiel's league pool (the kit's ``league:pool``): each bot's spec and why it is
there, in a fixed order (the league's schedule depends on it)."""

from tabletop.games.goofspiel.kit import KIT

POOL: tuple[tuple[str, str], ...] = (
    ("random", "uniform over the legal actions"),
    ("heuristic", "rank matching: the point card's rank in play, the same rank in hand"),
    ("heuristic:shift=1", "rank matching one place higher: outbids a plain heuristic"),
    ("heuristic:shift=-1", "rank matching one place lower: saves its cards"),
    (f"{KIT.search},clock=cpu", "the game's search (0.25 s of CPU a decision)"),
    ("mcts:iterations=200", "the search with random rollouts and no model"),
    (
        "ismcts:simulations=100",
        "OpenSpiel's ISMCTS, random rollouts, the game's determinization as resampler",
    ),
)
