"""The Wicked Labyrinth's league pool (the kit's ``league:pool``): each bot's spec and
why it is there, in a fixed order (the league's schedule depends on it)."""

from tabletop.games.wicked_labyrinth.kit import KIT

POOL: tuple[tuple[str, str], ...] = (
    ("random", "uniform over the legal actions"),
    ("heuristic", "the heuristic bot as shipped"),
    ("heuristic:aggression=1.6,spite=0.6", "declares more and contests more"),
    ("heuristic:aggression=0.6,spite=0", "declares less, ignores rivals"),
    (f"{KIT.search},clock=cpu", "the game's strongest search (0.25 s of CPU a decision)"),
    (
        "ismcts:simulations=100",
        "OpenSpiel's ISMCTS on the turn-based form, random rollouts, the game's "
        "determinization as resampler",
    ),
    ("neural", "the learned policy (self-play), NumPy at play time"),
)
