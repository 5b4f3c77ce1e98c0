"""Code of Nine's league pool (the kit's ``league:pool``): each bot's spec and why it is
there, in a fixed order (the league's schedule depends on it)."""

from tabletop.games.code_of_nine.kit import KIT

POOL: tuple[tuple[str, str], ...] = (
    ("random", "uniform over the legal actions"),
    ("heuristic", "the heuristic bot as shipped (8 card completions)"),
    ("heuristic:samples=2", "2 card completions: cheaper, noisier"),
    ("heuristic:samples=32", "32 card completions"),
    (f"{KIT.search},clock=cpu", "the game's strongest search (0.25 s of CPU a decision)"),
    (
        "ismcts:simulations=100",
        "OpenSpiel's ISMCTS, random rollouts, the game's determinization as resampler",
    ),
    ("neural", "the learned policy (self-play), NumPy at play time"),
)
