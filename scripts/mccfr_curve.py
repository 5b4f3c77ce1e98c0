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
``--no-nash-conv`` is for a game whose tree is too big to walk (Code of Nine's research
configuration) or too slow to walk often (The Wicked Labyrinth's): in NashConv's place it
prints a proxy of convergence, the average policy's change since the previous row (the
mean over the information states met before that row of the total-variation distance
between their average policies then and now; it shrinks as the average settles, and as
states met once dilute it), and the share of those states whose average moved at all
(met again since: the only ones MCCFR can still improve).
MCCFR and the game's chance draw from NumPy's global generator, seeded with ``--seed``:
the same command prints the same curve (but the seconds).
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
    change: float | None = None
    """The proxy without NashConv: the average policy's mean change since the last row."""
    moved: float | None = None
    """The share of the last row's information states whose average policy moved."""


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

    def average(self) -> dict[str, np.ndarray]:
        """Every information state's average policy so far (the solver's table of
        reach-weighted sums, normalized)."""
        return {
            key: sums / sums.sum()
            for key, (_, sums) in self.solver._infostates.items()  # (regrets, sums)
        }


def policy_change(
    before: dict[str, np.ndarray], now: dict[str, np.ndarray]
) -> tuple[float | None, float | None]:
    """The mean total-variation distance between two average policies over the
    information states of ``before``, and the share of those states where it is not 0
    (None, None when ``before`` has none)."""
    if not before:
        return None, None
    moves = np.array([0.5 * np.abs(now[key] - p).sum() for key, p in before.items()])
    return float(moves.mean()), float(np.count_nonzero(moves) / len(moves))


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
    before: dict[str, np.ndarray] = {}
    while True:
        now = {} if nash_conv else ours.average()
        row = Row(
            done,
            ours.seconds,
            ours.infostates,
            ours.nash_conv() if nash_conv else None,
            theirs.nash_conv() if theirs and nash_conv else None,
            theirs.seconds if theirs else None,
            *policy_change(before, now),
        )
        before = now
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


def markdown_header(reference: bool, nash_conv: bool = True) -> str:
    last = "NashConv |" if nash_conv else "average policy's change | states moved |"
    head = f"| iterations | CPU seconds | information states | {last}"
    rule = "|---:|---:|---:|---:|" if nash_conv else "|---:|---:|---:|---:|---:|"
    if reference:
        head += " OpenSpiel's game, NashConv |"
        rule += "---:|"
    return f"{head}\n{rule}"


def markdown_row(row: Row) -> str:
    value = row.nash_conv if row.nash_conv is not None else row.change
    conv = "" if value is None else f"{value:.4f}"
    text = f"| {row.iterations:,} | {row.seconds:.1f} | {row.infostates:,} | {conv} |"
    if row.nash_conv is None:  # the proxy's second column
        text += "  |" if row.moved is None else f" {row.moved:.2%} |"
    if row.reference is not None:
        text += f" {row.reference:.4f} |"
    return text


def plot(rows: list[Row], path: str, title: str) -> None:
    """NashConv against iterations (log-log), ours and the reference's; without NashConv,
    the information states met and the average policy's change (where it is not 0)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [r for r in rows if r.iterations > 0]
    if any(r.nash_conv is not None for r in rows):
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.loglog(
            [r.iterations for r in shown], [r.nash_conv for r in shown], "o-", label="tabletop"
        )
        if any(r.reference is not None for r in shown):
            ax.loglog(
                [r.iterations for r in shown],
                [r.reference for r in shown],
                "s--",
                label="OpenSpiel's own game (scaled)",
                alpha=0.7,
            )
        ax.set_ylabel("NashConv of the average policy")
        ax.legend()
        axes = [ax]
    else:
        fig, axes = plt.subplots(1, 2, figsize=(10, 4))
        states, change = axes
        states.plot([r.iterations for r in rows], [r.infostates for r in rows], "o-")
        states.set_ylabel("information states met")
        moved = [r for r in shown if r.change]
        change.loglog([r.iterations for r in moved], [r.change for r in moved], "o-")
        change.set_ylabel("average policy's change since the last point\n(mean total variation)")
        if not moved:
            change.text(
                0.5,
                0.5,
                "0 at every point:\nno average policy moved",
                ha="center",
                va="center",
                transform=change.transAxes,
            )
    for ax in axes:
        ax.set_xlabel("iterations")
        ax.grid(True, which="both", alpha=0.3)
    fig.suptitle(title, fontsize=10)
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
    print(markdown_header(args.reference is not None, args.nash_conv))
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
