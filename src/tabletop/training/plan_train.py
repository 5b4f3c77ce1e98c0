"""Training a game's plan head (its kit's ``neural:plan``) in torch.

    OPENBLAS_NUM_THREADS=1 nice -n 8 .venv/bin/tabletop train GAME --plan \\
        --dir runs/plan --rounds 3 --games 300
    # or: python -m tabletop.training.plan_train GAME --dir runs/plan ...

Each round:

1. **Play** ``games`` games of the game (the player counts in turn, in chunks saved as
   shards under ``DIR/shards``); each seat is the ``heuristic`` or the current
   ``neural`` (the run's weights; before the first fit the base weights), half and
   half, and 2% of planned moves are uniformly random. Every decision the head plans
   is labelled by the game's ``neural:plan_samples`` (the candidates, the teacher's
   choice among them and its worth of every candidate, a soft target).
2. **Fit** the head on every shard so far: listwise cross-entropy of the softmax over
   each decision's candidates against the planner's choice, plus ``soft`` times the
   cross-entropy against the softmax of the planner's worths (temperature ``tau``
   points). A twentieth is held out for the agreement figure.
3. **Export** the base weights with the head (``DIR/<game>.npz``, a copy per
   round in ``DIR/rounds``) and **measure** it as :mod:`tabletop.training.train`
   does (one ``neural`` against three ``heuristic``): a point of ``DIR/curve.json``.

Resumable like the network's training: finished shards are kept and
``DIR/checkpoint.pt`` is written after each fit. One torch thread.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from rich.progress import Progress

from tabletop.bots import make_bot
from tabletop.games import REGISTRY
from tabletop.training.train import Progressed, measure, plot, progress_columns

if TYPE_CHECKING:
    import torch


def planned() -> list[str]:
    """The games whose learned bot has a plan head to train."""
    return [kit.name for kit in REGISTRY.kits() if kit.has("neural:plan_samples")]


def _plan(game: str) -> Any:
    """The game's plan head module (``PLAN_LAYERS``, ``FEATURES``, ``PlanHead``)."""
    return REGISTRY.kit(game).part("neural:plan")


def _samples(game: str) -> Any:
    """The game's labelled plan samples module (``PlanSamples``, ``generate``)."""
    return REGISTRY.kit(game).part("neural:plan_samples")


@dataclass
class Config:
    """One plan-head run's settings (kept in its checkpoint)."""

    game: str
    base: str = ""
    rounds: int = 3
    games: int = 300
    chunk: int = 30
    epochs: int = 6
    batch: int = 64
    lr: float = 2e-3
    hidden: tuple[int, int] = (64, 32)
    soft: float = 1.0
    tau: float = 0.5
    student_share: float = 0.5
    eval_games: int = 100
    seed: int = 0

    def __post_init__(self) -> None:
        self.hidden = (int(self.hidden[0]), int(self.hidden[1]))


def build(config: Config) -> torch.nn.Module:
    """The torch twin of the game's ``PlanHead`` (its ``neural:plan``)."""
    import torch
    from torch import nn

    torch.manual_seed(config.seed)
    h0, h1 = config.hidden
    return nn.Sequential(
        nn.Linear(_plan(config.game).FEATURES, h0),
        nn.ReLU(),
        nn.Linear(h0, h1),
        nn.ReLU(),
        nn.Linear(h1, 1),
    )


def export(model: torch.nn.Module, game: str, base: str, path: Path) -> None:
    """The base weights file's network (default: the game's shipped one) with this
    head, as one ``.npz``."""
    if base:
        with np.load(base) as data:
            arrays = {k: v for k, v in data.items() if not k.startswith("plan_")}
    else:
        source = REGISTRY.kit(game).part("neural:weights")
        with source.open("rb") as handle, np.load(handle) as data:
            arrays = {k: v for k, v in data.items() if not k.startswith("plan_")}
    state = model.state_dict()
    layers = _plan(game).PLAN_LAYERS
    for (w, b), layer in zip(
        zip(layers[::2], layers[1::2], strict=True), ("0", "2", "4"), strict=True
    ):
        arrays[w] = state[f"{layer}.weight"].numpy().T.astype(np.float16)
        arrays[b] = state[f"{layer}.bias"].numpy().astype(np.float16)
    tmp = path.with_suffix(".tmp.npz")
    save: Any = np.savez_compressed
    save(tmp, **arrays)
    os.replace(tmp, path)


def _batch(samples: Any, offsets: np.ndarray, groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row indices ``(B, L)`` of ``groups`` padded to the longest, and the mask."""
    sizes = samples.sizes[groups]
    width = int(sizes.max())
    span = np.arange(width)[None, :]
    mask = span < sizes[:, None]
    index = np.where(mask, offsets[groups][:, None] + span, 0)
    return index, mask


def fit(
    model: torch.nn.Module,
    optimiser: torch.optim.Optimizer,
    samples: Any,
    config: Config,
    progress: Progress,
    rng: np.random.Generator,
) -> dict[str, float]:
    """``config.epochs`` passes; returns the steps and the held-out agreement."""
    import torch
    from torch.nn import functional

    offsets = np.concatenate([[0], np.cumsum(samples.sizes)[:-1]]).astype(np.int64)
    rows = torch.from_numpy(samples.rows.astype(np.float32))
    worth = torch.from_numpy(samples.worth)
    labels = torch.from_numpy(samples.labels.astype(np.int64))
    n = len(samples)
    order = rng.permutation(n)
    held, train = order[: max(1, n // 20)], order[max(1, n // 20) :]
    batches = (len(train) + config.batch - 1) // config.batch
    task = progress.add_task("fit plan head", total=config.epochs * batches)
    model.train()
    steps = 0

    def scores(groups: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
        index, mask = _batch(samples, offsets, groups)
        idx = torch.from_numpy(index)
        out = model(rows[idx])[..., 0].masked_fill(~torch.from_numpy(mask), -1e9)
        return out, idx

    for _ in range(config.epochs):
        for k in range(batches):
            groups = train[k * config.batch : (k + 1) * config.batch]
            out, idx = scores(groups)
            loss = functional.cross_entropy(out, labels[groups])
            if config.soft > 0:
                target = torch.softmax((worth[idx] / config.tau).masked_fill(out <= -1e8, -1e9), 1)
                loss = loss - config.soft * (target * torch.log_softmax(out, 1)).sum(1).mean()
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            steps += 1
            progress.advance(task)
        rng.shuffle(train)
    progress.remove_task(task)
    model.eval()
    with torch.no_grad():
        out, _ = scores(held)
        agree = (out.argmax(1) == labels[held]).float().mean()
    return {"steps": steps, "agreement": float(agree)}


def play_round(
    config: Config, round_: int, directory: Path, student: str | None, progress: Progress
) -> Any:
    """Round ``round_``'s labelled decisions: its shards, played now where missing."""
    found = _samples(config.game)
    counts = tuple(REGISTRY.get(config.game).info.player_counts)
    chunks = (config.games + config.chunk - 1) // config.chunk
    shards = directory / "shards"
    shards.mkdir(parents=True, exist_ok=True)
    task = progress.add_task(f"play round {round_}", total=chunks * config.chunk)
    parts = []
    for k in range(chunks):
        path = shards / f"r{round_:02d}-k{k:03d}.npz"
        if not path.exists():

            def advance(finished: int, before: int = k * config.chunk) -> None:
                progress.update(task, completed=before + finished)

            samples = found.generate(
                counts[k % len(counts)],
                config.chunk,
                student,
                make_bot,
                config.student_share,
                seed=config.seed + round_ * 100_000 + k * 1000,
                progress=advance,
            )
            tmp = path.with_suffix(".tmp.npz")
            samples.save(str(tmp))
            os.replace(tmp, path)
        parts.append(found.PlanSamples.load(str(path)))
        progress.update(task, completed=(k + 1) * config.chunk)
    progress.remove_task(task)
    return found.PlanSamples.join(parts)


def run(
    config: Config,
    directory: Path,
    rounds: int | None = None,
    changes: dict[str, Any] | None = None,
) -> Progressed:
    """Train (or resume) the plan head in ``directory`` until ``rounds`` rounds are done."""
    import torch

    torch.set_num_threads(1)
    directory.mkdir(parents=True, exist_ok=True)
    checkpoint = directory / "checkpoint.pt"
    done = Progressed()
    saved = torch.load(checkpoint, weights_only=False) if checkpoint.exists() else None
    if saved is not None:
        config = Config(
            **{
                "game": config.game,
                **saved["config"],
                **(changes or {}),
                "hidden": tuple(saved["config"]["hidden"]),
            }
        )
    model = build(config)
    optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
    if saved is not None:
        model.load_state_dict(saved["model"])
        optimiser.load_state_dict(saved["optimiser"])
        done = Progressed(**saved["progressed"])
    target = config.rounds if rounds is None else rounds
    game = config.game
    kind = _samples(game).PlanSamples
    weights = directory / f"{game}.npz"
    rng = np.random.default_rng(config.seed + done.rounds)
    with Progress(*progress_columns()) as progress:
        while done.rounds < target:
            start = time.monotonic()
            student = (
                f"neural:weights={weights}"
                if done.rounds > 0
                else (f"neural:weights={config.base}" if config.base else "neural")
            )
            new = play_round(config, done.rounds, directory, student, progress)
            kept = [
                kind.load(str(p))
                for r in range(done.rounds)
                for p in sorted(directory.glob(f"shards/r{r:02d}-k*.npz"))
            ]
            samples = kind.join([new, *kept])
            figures = fit(model, optimiser, samples, config, progress, rng)
            export(model, game, config.base, weights)
            done.steps += int(figures["steps"])
            done.rounds += 1
            done.games += config.games
            (directory / "rounds").mkdir(exist_ok=True)
            shutil.copyfile(weights, directory / "rounds" / f"{game}-{done.rounds:02d}.npz")
            point = measure(game, weights, config.eval_games, 50_000 + config.seed, progress)
            done.seconds += time.monotonic() - start
            row = {
                "round": done.rounds,
                "games": done.games,
                "decisions": len(samples),
                "candidates": int(samples.sizes.sum()),
                "steps": done.steps,
                "seconds": round(done.seconds, 1),
                **point,
                "agreement": round(figures["agreement"], 4),
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
            plot(done.curve, f"{game} plan head", directory / "curve.png")
    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="tabletop train GAME --plan",
        description=__doc__.split("\n\n")[0],
        argument_default=argparse.SUPPRESS,
    )
    parser.add_argument("game", choices=planned())
    parser.add_argument("--dir", type=Path, required=True, help="run directory (resumable)")
    defaults = Config("")
    for name in ("rounds", "games", "chunk", "epochs", "batch", "eval_games", "seed"):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=int, help=f"default {getattr(defaults, name)}"
        )
    for name in ("lr", "soft", "tau", "student_share"):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=float, help=f"default {getattr(defaults, name)}"
        )
    parser.add_argument(
        "--base", help="weights file whose network the head joins (default: the package's)"
    )
    parser.add_argument("--hidden", type=int, nargs=2, help="default 64 32")
    given = vars(parser.parse_args(argv))
    game, directory = given.pop("game"), given.pop("dir")
    if "hidden" in given:
        given["hidden"] = tuple(given["hidden"])
    run(Config(game, **given), directory, given.get("rounds"), changes=given)


if __name__ == "__main__":
    main()
