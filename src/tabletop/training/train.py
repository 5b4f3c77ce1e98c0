"""Training the ``neural`` bot: expert iteration (DAgger) in torch, exported for NumPy.

    nice -n 10 .venv/bin/python -m tabletop.training.train GAME \\
        --dir runs/GAME --rounds 4 --games 48
    # or: tabletop train GAME --dir runs/GAME ...

Each round:

1. **Play** ``games`` games, the player counts taken in turn, in chunks saved as shards
   under ``DIR/shards`` (one task each: ``--workers N`` local processes, ``--ray`` a Ray
   cluster). ``--mode search`` (AlphaZero's expert iteration,
   :mod:`tabletop.training.searchplay`): the current network thinks (``neural:think``)
   and each searched decision is labelled with its root's visit distribution.
   ``--mode imitate`` (DAgger, :mod:`tabletop.training.selfplay`, on the batched env):
   seats are the current network (none in round 0) or the teacher; the teacher (the
   heuristic) labels every decision but where the expert (a search, in a share of the
   seat-games) does.
2. **Fit** the network on every shard so far (DAgger keeps all positions): cross-entropy
   of the policy over the legal actions against the target (the visit distribution,
   or the teacher's choice), plus binary cross-entropy of the value against the seat's
   final win share.
3. **Export** ``DIR/<game>.npz`` (what :class:`~tabletop.bots.neural.network.Network`
   loads; a copy per round in ``DIR/rounds``) and **measure** it: the NumPy bot as one
   against three ``heuristic`` (4 players, seats rotated, ``eval_games`` games), a
   point of the learning curve (``DIR/curve.json``, plotted to ``DIR/curve.png`` by the
   CPU hours spent: the shards' play, wherever it ran, and the fits).

Shards named ``extra-*.npz`` in ``DIR/shards`` (say, an earlier run's positions) join
every fit. Resumable: a round's finished shards are kept and ``DIR/checkpoint.pt``
(weights, optimiser, curve, the run's settings and its wall time so far) is written
after each fit; the same command carries on where it stopped. Torch is imported here only; the
bot plays without it. One thread (``torch.set_num_threads(1)``): the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

import tabletop
from tabletop.arena.stats import wilson
from tabletop.bots import make_bot
from tabletop.bots.neural.features import layout
from tabletop.bots.neural.network import LAYERS, Network
from tabletop.core.knowledge import Expert
from tabletop.games import REGISTRY
from tabletop.training.searchplay import search_games
from tabletop.training.selfplay import Samples, generate
from tabletop.training.workers import run_tasks

if TYPE_CHECKING:
    import torch


def trained() -> list[str]:
    """The games the network can be trained for: their kits name an expert
    (``neural:expert``, the search imitated, and whether it labels the sealed decisions
    only: the game's strongest search at a fifth of the lobby's time, on the CPU clock,
    which a busy machine gives the same computing)."""
    return sorted(kit.name for kit in REGISTRY.kits() if kit.has("neural:expert"))


@dataclass
class Config:
    """One training run's settings (kept in its checkpoint)."""

    game: str
    teacher: str = "heuristic"
    expert: str = ""
    expert_share: float = 0.25
    rounds: int = 4
    games: int = 60
    chunk: int = 10
    epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    hidden: tuple[int, int] = (256, 128)
    student_share: float = 0.5
    value_weight: float = 0.5
    eval_games: int = 40
    seed: int = 0
    expert_sealed: bool | None = None
    init: str = ""
    """A weights file to start from (its network; a plan head in it is carried over
    to every export unchanged)."""
    mode: str = "imitate"
    """``imitate`` (DAgger: the teacher's and expert's labels) or ``search`` (the
    thinking network's own visit distributions)."""
    think: float = 0.03
    """``search``: CPU seconds each self-play decision searches."""
    rival: str = "heuristic"
    rival_share: float = 0.5
    """``search``: the bot that plays a share of the seats (its decisions not kept)."""
    explore: float = 0.25
    """``search``: the chance a decision plays an action drawn by the root's visits."""
    sharpen: float = 1.0
    """The policy target is the visit distribution raised to ``1 / sharpen`` (1: as it
    is; near 0: the most visited action). A search of tens of iterations spreads its
    visits thinly (one game at 0.03 s: 45% on the most visited of 6.5 legal actions
    on average), and a policy fitted to that spread plays, and models its rivals,
    worse than the network it started from."""
    eval_think: float = 0.0
    """The measured bot's ``think`` (0: the bare policy)."""
    workers: int = 1
    ray: bool = False
    ray_address: str = ""

    def __post_init__(self) -> None:
        expert: Expert = REGISTRY.kit(self.game).part("neural:expert")
        if not self.expert:
            self.expert = expert.spec
        if self.expert_sealed is None:
            self.expert_sealed = expert.sealed
        self.hidden = (int(self.hidden[0]), int(self.hidden[1]))
        if self.mode not in ("imitate", "search"):
            raise ValueError(f"mode is 'imitate' or 'search', got {self.mode!r}")


@dataclass
class Progressed:
    """What a run has done so far: rounds, gradient steps, wall time, the curve."""

    rounds: int = 0
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds of the shards' play (wherever it ran) and of the fits."""
    curve: list[dict[str, Any]] = field(default_factory=list)


def progress_columns() -> tuple[ProgressColumn, ...]:
    """The training runs' progress bar: what is being done, how far, how long, how long left."""
    return (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )


def build(config: Config) -> torch.nn.Module:
    """The torch twin of :class:`Network`: trunk, policy head, value head."""
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            size = layout(config.game).size
            actions = tabletop.game(config.game).info.num_distinct_actions
            h0, h1 = config.hidden
            self.trunk = nn.Sequential(nn.Linear(size, h0), nn.ReLU(), nn.Linear(h0, h1), nn.ReLU())
            self.policy = nn.Linear(h1, actions)
            self.value = nn.Linear(h1, 1)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            h = self.trunk(x)
            return self.policy(h), self.value(h)[:, 0]

    torch.manual_seed(config.seed)
    return Net()


def carried(init: str) -> dict[str, np.ndarray]:
    """The arrays of ``init`` that the network's training leaves alone (a plan head)."""
    if not init:
        return {}
    with np.load(init) as data:
        return {k: v for k, v in data.items() if k not in LAYERS}


def load_init(model: torch.nn.Module, init: str) -> None:
    """Start ``model`` from the network of the weights file ``init``."""
    import torch

    with np.load(init) as data:
        arrays = {k: torch.from_numpy(data[k].astype(np.float32)) for k in LAYERS}
    state = {}
    for (w, b), layer in zip(
        zip(LAYERS[::2], LAYERS[1::2], strict=True),
        ("trunk.0", "trunk.2", "policy", "value"),
        strict=True,
    ):
        state[f"{layer}.weight"] = arrays[w].T.contiguous()
        state[f"{layer}.bias"] = arrays[b]
    model.load_state_dict(state)


def export(model: torch.nn.Module, path: Path, extra: dict[str, np.ndarray] | None = None) -> None:
    """Write the weights as the float16 ``.npz`` the NumPy network reads (with
    ``extra`` arrays, a plan head, as they are)."""
    state = model.state_dict()
    arrays: dict[str, Any] = dict(extra or {})
    for (w, b), layer in zip(
        zip(LAYERS[::2], LAYERS[1::2], strict=True),
        ("trunk.0", "trunk.2", "policy", "value"),
        strict=True,
    ):
        arrays[w] = state[f"{layer}.weight"].numpy().T.astype(np.float16)
        arrays[b] = state[f"{layer}.bias"].numpy().astype(np.float16)
    tmp = path.with_suffix(".tmp.npz")
    save: Any = np.savez_compressed
    save(tmp, **arrays)
    os.replace(tmp, path)


def fit(
    model: torch.nn.Module,
    optimiser: torch.optim.Optimizer,
    samples: Samples,
    config: Config,
    progress: Progress,
    rng: np.random.Generator,
) -> dict[str, float]:
    """``config.epochs`` passes over ``samples`` (a twentieth held out to report the
    policy's agreement with the teacher); returns the figures of the fit."""
    import torch
    from torch.nn import functional

    n = len(samples)
    order = rng.permutation(n)
    held, train = order[: max(1, n // 20)], order[max(1, n // 20) :]
    inputs = torch.from_numpy(samples.inputs)
    masks = torch.from_numpy(samples.masks)
    soft = samples.soft().astype(np.float32)
    if config.sharpen != 1.0:
        soft = soft ** (1.0 / config.sharpen)
        soft /= soft.sum(1, keepdims=True)
    targets = torch.from_numpy(soft)
    labels = torch.from_numpy(samples.labels.astype(np.int64))
    values = torch.from_numpy(samples.values)
    batches = (len(train) + config.batch - 1) // config.batch
    task = progress.add_task("fit", total=config.epochs * batches)
    model.train()
    steps = 0
    for _ in range(config.epochs):
        for k in range(batches):
            idx = torch.from_numpy(train[k * config.batch : (k + 1) * config.batch])
            logits, value = model(inputs[idx].float())
            logp = functional.log_softmax(logits.masked_fill(~masks[idx], -1e9), dim=1)
            loss = -(targets[idx] * logp).sum(1).mean() + (
                config.value_weight
                * functional.binary_cross_entropy_with_logits(value, values[idx])
            )
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            steps += 1
            progress.advance(task)
        rng.shuffle(train)
    progress.remove_task(task)
    model.eval()
    with torch.no_grad():
        idx = torch.from_numpy(held)
        logits, value = model(inputs[idx].float())
        agree = (logits.masked_fill(~masks[idx], -1e9).argmax(1) == labels[idx]).float().mean()
        value_error = (torch.sigmoid(value) - values[idx]).abs().mean()
    return {"steps": steps, "agreement": float(agree), "value_error": float(value_error)}


def measure(
    game_name: str, weights: Path, games: int, seed: int, progress: Progress, think: float = 0.0
) -> dict[str, float]:
    """The network (thinking ``think`` seconds a decision) as one against three
    ``heuristic`` (4 players, seats rotated)."""
    spec = f"neural:weights={weights}" + (f",think={think}" if think else "")
    game = tabletop.game(game_name)
    task = progress.add_task("measure", total=games)
    wins = 0.0
    for k in range(games):
        seat = k % 4
        deal = seed + k // 4
        state = game.new_game(4, deal)
        bots = [
            make_bot(spec if p == seat else "heuristic", game, p, deal * 8 + p) for p in range(4)
        ]
        while not state.is_terminal():
            chosen = [
                (p, bots[p].act(state.view(p), state.legal_actions(p)))
                for p in state.current_players()
            ]
            for p, action in chosen:
                state.apply(p, action)
        wins += state.result().win_share(seat)
        progress.advance(task)
    progress.remove_task(task)
    low, high = wilson(wins, games)
    return {"eval_games": games, "win_share": wins / games, "low": low, "high": high}


def play_shard(config: Config, round_: int, k: int, weights: str | None, path: str) -> float:
    """Play round ``round_``'s shard ``k`` into ``path`` (a task: in this process, a
    worker or on Ray); returns the CPU seconds it took. ``weights``: the current
    network's file (None: none yet; the package's network in search mode)."""
    started = time.process_time()
    game = tabletop.game(config.game)
    counts = tuple(game.info.player_counts)
    players = counts[k % len(counts)]
    seed = config.seed + round_ * 100_000 + k * 1000
    if config.mode == "search":
        samples, _ = search_games(
            game,
            players,
            config.chunk,
            Network.load(config.game, weights),
            config.think,
            rival=config.rival,
            rival_share=config.rival_share,
            explore=config.explore,
            seed=seed,
        )
    else:
        samples = generate(
            game,
            players,
            config.chunk,
            config.teacher,
            None if weights is None else Network.load(config.game, weights),
            student_share=config.student_share,
            tables=min(config.chunk, 8),
            seed=seed,
            expert=config.expert or None,
            expert_share=config.expert_share,
            expert_sealed=bool(config.expert_sealed),
        )
    tmp = Path(path).with_suffix(".tmp.npz")
    samples.save(str(tmp))
    cpu = time.process_time() - started
    Path(path).with_suffix(".cpu").write_text(f"{cpu:.3f}\n")
    os.replace(tmp, path)
    return cpu


def play_round(
    config: Config, round_: int, directory: Path, weights: str | None, progress: Progress
) -> tuple[Samples, float]:
    """Round ``round_``'s positions: its shards, played now where they are missing
    (as tasks, :func:`tabletop.training.workers.run_tasks`); and the CPU seconds of all
    its shards (kept beside each: a run stopped in the middle of a round counts the
    shards it had played when it resumes)."""
    chunks = (config.games + config.chunk - 1) // config.chunk
    shards = directory / "shards"
    shards.mkdir(parents=True, exist_ok=True)
    paths = [shards / f"r{round_:02d}-k{k:03d}.npz" for k in range(chunks)]
    missing = [(config, round_, k, weights, str(p)) for k, p in enumerate(paths) if not p.exists()]
    task = progress.add_task(f"play round {round_}", total=chunks * config.chunk)
    progress.update(task, completed=(chunks - len(missing)) * config.chunk)
    for _ in run_tasks(play_shard, missing, config.workers, config.ray, config.ray_address or None):
        progress.advance(task, config.chunk)
    progress.remove_task(task)
    sides = [p.with_suffix(".cpu") for p in paths]
    cpu = sum(float(q.read_text()) for q in sides if q.exists())  # none: an older run's
    return Samples.join([Samples.load(str(p)) for p in paths]), cpu


def plot(curve: list[dict[str, Any]], game: str, path: Path, think: float = 0.0) -> None:
    """The learning curve: win share against three heuristics by CPU hours of training
    (the measured bot thinking ``think`` seconds a decision)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    x = [row.get("cpu_hours", 0.0) for row in curve]
    y = [row["win_share"] for row in curve]
    err = [[r["win_share"] - r["low"] for r in curve], [r["high"] - r["win_share"] for r in curve]]
    figure, axes = pyplot.subplots(figsize=(6, 3.6))
    axes.errorbar(x, y, yerr=err, marker="o", capsize=3, label="neural (95% interval)")
    axes.axhline(0.25, color="grey", linestyle="--", label="parity (25%)")
    axes.axhline(0.35, color="green", linestyle=":", label="target (35%)")
    axes.set_xlabel("CPU hours of training (self-play and fits)")
    axes.set_ylabel("win share vs 3 heuristic")
    bot = f"neural:think={think}" if think else "neural"
    axes.set_title(f"{bot}, {game}: one against three heuristic (4 players)", fontsize=10)
    axes.set_ylim(0, max(0.6, max((r["high"] for r in curve), default=0) + 0.05))
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    pyplot.close(figure)


def run(
    config: Config,
    directory: Path,
    rounds: int | None = None,
    changes: dict[str, Any] | None = None,
) -> Progressed:
    """Train (or resume) in ``directory`` until ``rounds`` rounds are done.

    A resumed run keeps its saved settings but for ``changes`` (settings given again on
    the command line, say a larger expert share for the rounds to come).
    """
    import torch

    torch.set_num_threads(1)
    directory.mkdir(parents=True, exist_ok=True)
    checkpoint = directory / "checkpoint.pt"
    model = build(config)
    optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
    done = Progressed()
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False)
        config = Config(
            **{**saved["config"], **(changes or {}), "hidden": tuple(saved["config"]["hidden"])}
        )
        model = build(config)
        model.load_state_dict(saved["model"])
        optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
        optimiser.load_state_dict(saved["optimiser"])
        done = Progressed(
            **{
                "games": saved["progressed"]["rounds"] * saved["config"]["games"],
                **saved["progressed"],
            }
        )
    elif config.init:
        load_init(model, config.init)
    target = config.rounds if rounds is None else rounds
    weights = directory / f"{config.game}.npz"
    rng = np.random.default_rng(config.seed + done.rounds)
    with Progress(*progress_columns()) as progress:
        if config.init and not done.curve and done.rounds < target:
            # where the run starts: the init weights measured as every round is
            start = time.monotonic()
            point = measure(
                config.game,
                Path(config.init),
                config.eval_games,
                50_000 + config.seed,
                progress,
                config.eval_think,
            )
            done.seconds += time.monotonic() - start
            done.curve.append({"round": 0, "games": 0, "cpu_hours": 0.0, "mode": "init", **point})
            progress.console.print(json.dumps(done.curve[-1]))
        while done.rounds < target:
            start = time.monotonic()
            current = str(weights) if done.rounds > 0 else config.init or None
            new, cpu = play_round(config, done.rounds, directory, current, progress)
            fitting = time.process_time()
            kept = [
                Samples.load(str(p))
                for r in range(done.rounds)
                for p in sorted(directory.glob(f"shards/r{r:02d}-k*.npz"))
            ]
            extra = [Samples.load(str(p)) for p in sorted(directory.glob("shards/extra-*.npz"))]
            samples = Samples.join([new, *kept, *extra])
            figures = fit(model, optimiser, samples, config, progress, rng)
            done.cpu += cpu + time.process_time() - fitting
            export(model, weights, carried(config.init))
            done.steps += int(figures["steps"])
            done.rounds += 1
            (directory / "rounds").mkdir(exist_ok=True)  # every round's weights, to choose
            shutil.copyfile(weights, directory / "rounds" / f"{config.game}-{done.rounds:02d}.npz")
            done.games += config.games
            point = measure(
                config.game,
                weights,
                config.eval_games,
                50_000 + config.seed,
                progress,
                config.eval_think,
            )
            done.seconds += time.monotonic() - start
            row = {
                "round": done.rounds,
                "games": done.games,
                "expert_share": config.expert_share,
                "samples": len(samples),
                "steps": done.steps,
                "seconds": round(done.seconds, 1),
                "cpu_hours": round(done.cpu / 3600, 6),
                "mode": config.mode,
                **point,
                "agreement": round(figures["agreement"], 4),
                "value_error": round(figures["value_error"], 4),
            }
            done.curve.append(row)
            progress.console.print(json.dumps(row))
            torch.save(
                {
                    "config": asdict(config),
                    "model": model.state_dict(),
                    "optimiser": optimiser.state_dict(),
                    "progressed": asdict(done),
                },
                checkpoint,
            )
            (directory / "curve.json").write_text(json.dumps(done.curve, indent=1) + "\n")
            plot(done.curve, config.game, directory / "curve.png", config.eval_think)
    return done


def main(argv: list[str] | None = None) -> None:
    args = list(argv) if argv is not None else None
    if args is not None and "--plan" in args:  # a game's plan head
        from tabletop.training import plan_train

        args.remove("--plan")
        if args[:1] and args[0] not in plan_train.planned():
            raise SystemExit(
                f"--plan trains a plan head; {args[0]} has none "
                f"(games: {', '.join(plan_train.planned())})"
            )
        plan_train.main(args)
        return
    parser = argparse.ArgumentParser(
        prog="tabletop train",
        description=__doc__.split("\n\n")[0],
        argument_default=argparse.SUPPRESS,
    )
    parser.add_argument("game", choices=trained())
    parser.add_argument("--dir", type=Path, required=True, help="run directory (resumable)")
    defaults = Config(trained()[0])
    for name in ("rounds", "games", "chunk", "epochs", "batch", "eval_games", "seed", "workers"):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=int, help=f"default {getattr(defaults, name)}"
        )
    for name in (
        "lr",
        "student_share",
        "value_weight",
        "expert_share",
        "think",
        "sharpen",
        "rival_share",
        "explore",
        "eval_think",
    ):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=float, help=f"default {getattr(defaults, name)}"
        )
    parser.add_argument(
        "--teacher",
        help=f"bot spec labelling every decision the expert does not (default {defaults.teacher})",
    )
    parser.add_argument("--expert", help="bot spec (default: the game's search)")
    parser.add_argument(
        "--expert-at",
        choices=("sealed", "all"),
        help="which decisions the expert labels (default: the game's)",
    )
    parser.add_argument("--hidden", type=int, nargs=2, help="default 256 128")
    parser.add_argument(
        "--mode",
        choices=("imitate", "search"),
        help="labels: the teacher's and expert's (imitate, default) or the thinking "
        "network's visit distributions (search)",
    )
    parser.add_argument(
        "--rival", help=f"search mode: the other seats' bot (default {defaults.rival})"
    )
    parser.add_argument(
        "--ray", action="store_true", help="play the shards as Ray tasks (default: --workers)"
    )
    parser.add_argument("--ray-address", help="a Ray cluster's address (default: a local Ray)")
    parser.add_argument(
        "--init", help="weights file to start from (a plan head in it is kept as it is)"
    )
    given = vars(parser.parse_args(argv))
    game, directory = given.pop("game"), given.pop("dir")
    if "expert_at" in given:
        given["expert_sealed"] = given.pop("expert_at") == "sealed"
    if "hidden" in given:
        given["hidden"] = tuple(given["hidden"])
    run(Config(game, **given), directory, given.get("rounds"), changes=given)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
