"""External-sampling MCCFR on a tabletop game through OpenSpiel: its NashConv curve.

    .venv/bin/python scripts/mccfr_curve.py --game goofspiel --players 2 \\
        --option num_cards=4 --option points_order=descending \\
        --iterations 2000 --every 250 --seed 0 \\
        --reference "goofspiel(players=2,num_cards=4,points_order=descending,\\
returns_type=win_loss,imp_info=True)" --reference-scale 0.5 \\
        --plot docs/figures/mccfr-goofspiel.png

Runs OpenSpiel's external-sampling MCCFR (``open_spiel.python.algorithms.
external_sampling_mccfr``, simple averaging; a simultaneous game on
``pyspiel.convert_to_turn_based``, as MCCFR walks one player at a time) on the game
registered by ``tabletop.openspiel``, with the game options given (a research
configuration: a small one, whose whole tree ``exploitability.nash_conv`` can walk).
After 0 iterations (the uniform policy) and every ``--every`` iterations it prints a row:
iterations, CPU seconds spent iterating (this process's, so a busy machine's
other work is not counted), information states met, and the NashConv of the
average policy (the sum over seats of what a best response gains; 0 at a Nash
equilibrium). ``--reference`` runs the same solver with the same seed on a pyspiel game
string beside it, its NashConv times ``--reference-scale`` (OpenSpiel's goofspiel with
``imp_info=True``, the information tabletop's gives, pays win/loss in [-1, 1] where
tabletop's pays win shares in [0, 1]: half the scale).
``--no-nash-conv`` prints the iteration rate and information states only (a game whose
tree is too big to walk). MCCFR and the game's chance draw from NumPy's global generator,
seeded with ``--seed``: the same command prints the same curve (but the seconds).
``tests/rl/test_rl_mccfr_curve.py`` checks the first rows of docs/rl.md's table.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import exploitability
from open_spiel.python.algorithms import external_sampling_mccfr as es

from tabletop import openspiel


@dataclass(frozen=True)
class Row:
    iterations: int
    seconds: float
    infostates: int
    nash_conv: float | None
    reference: float | None = None
    reference_seconds: float | None = None


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value``: an int, ``true``/``false``, or text."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"an option is name=value, got {text!r}")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def sequential(game: Any) -> Any:
    """The game as MCCFR takes it: turn-based where it has simultaneous nodes."""
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        return pyspiel.convert_to_turn_based(game)
    return game


def load(name: str, players: int, options: dict[str, Any]) -> Any:
    openspiel.register([name])
    return sequential(
        pyspiel.load_game(openspiel.short_name(name), {"players": players, **options})
    )


class Run:
    """One solver on one game, iterated in steps, timed apart from NashConv."""

    def __init__(self, game: Any, scale: float = 1.0) -> None:
        self.game = game
        self.scale = scale
        self.solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
        self.seconds = 0.0
        self.state = np.random.get_state()

    def iterate(self, count: int) -> None:
        """``count`` iterations, from this run's own place in the seeded generator (so
        two runs side by side draw what each would alone)."""
        np.random.set_state(self.state)
        start = time.process_time()
        for _ in range(count):
            self.solver.iteration()
        self.seconds += time.process_time() - start
        self.state = np.random.get_state()

    def nash_conv(self) -> float:
        value = exploitability.nash_conv(self.game, self.solver.average_policy())
        return float(value) * self.scale

    @property
    def infostates(self) -> int:
        return len(self.solver._infostates)


def curve(
    game: str,
    players: int,
    options: dict[str, Any],
    iterations: int,
    every: int,
    seed: int = 0,
    reference: str | None = None,
    reference_scale: float = 1.0,
    nash_conv: bool = True,
    echo: bool = False,
) -> list[Row]:
    """The rows of the curve (see the module docstring)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    np.random.seed(seed)
    ours = Run(load(game, players, options))
    np.random.seed(seed)
    theirs = Run(sequential(pyspiel.load_game(reference)), reference_scale) if reference else None
    rows: list[Row] = []
    done = 0
    while True:
        row = Row(
            done,
            ours.seconds,
            ours.infostates,
            ours.nash_conv() if nash_conv else None,
            theirs.nash_conv() if theirs and nash_conv else None,
            theirs.seconds if theirs else None,
        )
        rows.append(row)
        if echo:
            print(markdown_row(row), flush=True)
        if done >= iterations:
            return rows
        step = min(every, iterations - done)
        ours.iterate(step)
        if theirs is not None:
            theirs.iterate(step)
        done += step


def markdown_header(reference: bool) -> str:
    head = "| iterations | CPU seconds | information states | NashConv |"
    rule = "|---:|---:|---:|---:|"
    if reference:
        head += " OpenSpiel's game, NashConv |"
        rule += "---:|"
    return f"{head}\n{rule}"


def markdown_row(row: Row) -> str:
    conv = "" if row.nash_conv is None else f"{row.nash_conv:.4f}"
    text = f"| {row.iterations:,} | {row.seconds:.1f} | {row.infostates:,} | {conv} |"
    if row.reference is not None:
        text += f" {row.reference:.4f} |"
    return text


def plot(rows: list[Row], path: str, title: str) -> None:
    """NashConv against iterations (log-log), ours and the reference's."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [r for r in rows if r.iterations > 0 and r.nash_conv is not None]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.loglog([r.iterations for r in shown], [r.nash_conv for r in shown], "o-", label="tabletop")
    if any(r.reference is not None for r in shown):
        ax.loglog(
            [r.iterations for r in shown],
            [r.reference for r in shown],
            "s--",
            label="OpenSpiel's own game (scaled)",
            alpha=0.7,
        )
    ax.set_xlabel("iterations")
    ax.set_ylabel("NashConv of the average policy")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="goofspiel")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", type=parse_option, action="append", default=[])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--every", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference", default=None)
    parser.add_argument("--reference-scale", type=float, default=1.0)
    parser.add_argument("--no-nash-conv", dest="nash_conv", action="store_false")
    parser.add_argument("--plot", default=None)
    args = parser.parse_args()
    if args.iterations < 0 or args.every < 1:
        parser.error("--iterations must be at least 0 and --every at least 1")
    options = dict(args.option)
    words = ", ".join(f"{k}={v}" for k, v in options.items()) or "the published game"
    print(f"{args.game}, {args.players} players, {words}; seed {args.seed}\n")
    print(markdown_header(args.reference is not None))
    rows = curve(
        args.game,
        args.players,
        options,
        args.iterations,
        args.every,
        args.seed,
        args.reference,
        args.reference_scale,
        args.nash_conv,
        echo=True,
    )
    last = rows[-1]
    if last.seconds > 0:
        print(f"\n{last.iterations / last.seconds:.1f} iterations per CPU second")
    if last.reference_seconds:
        rate = last.iterations / last.reference_seconds
        print(f"the reference game: {rate:.1f} iterations per CPU second")
    if args.plot:
        plot(rows, args.plot, f"External-sampling MCCFR, {args.game}\n{words}, seed {args.seed}")
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
