"""The training pipeline: labelled self-play positions, a tiny resumable run."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.bots.neural.network import Network
from tabletop.training.selfplay import Samples, generate


def test_positions_are_labelled_legally_with_their_game_s_win_shares(tmp_path: Path) -> None:
    game = tabletop.game("code-of-nine")
    student = Network.load("code-of-nine")
    samples = generate(game, 4, 3, "heuristic", student, student_share=0.5, tables=2, seed=4)
    assert len(samples) > 100
    assert samples.masks[np.arange(len(samples)), samples.labels].all()
    assert ((samples.values >= 0) & (samples.values <= 1)).all()
    assert samples.values.max() > 0
    samples.save(str(tmp_path / "s.npz"))
    again = Samples.load(str(tmp_path / "s.npz"))
    assert np.array_equal(again.masks, samples.masks)
    assert np.array_equal(again.labels, samples.labels)
    assert np.array_equal(again.inputs, samples.inputs)


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_sealed_positions_are_kept_only_where_the_expert_labels_them(share: float) -> None:
    """With ``expert_sealed`` the declarations (Labyrinth ids 0-35, the closed hands)
    are learnt from the expert alone: without it, none is kept."""
    game = tabletop.game("wicked-labyrinth")
    samples = generate(
        game,
        3,
        1,
        "heuristic",
        None,
        tables=1,
        seed=1,
        expert="heuristic:aggression=2",
        expert_share=share,
        expert_sealed=True,
    )
    declarations = samples.masks[:, :36].any(axis=1)
    assert len(samples) > 50
    assert declarations.any() == (share == 1.0)


def test_same_seed_same_positions() -> None:
    game = tabletop.game("wicked-labyrinth")
    a = generate(game, 3, 1, "heuristic", None, tables=1, seed=2)
    b = generate(game, 3, 1, "heuristic", None, tables=1, seed=2)
    assert np.array_equal(a.labels, b.labels) and np.array_equal(a.values, b.values)


def test_a_tiny_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    pytest.importorskip("torch")  # the train extra; playing does not need it
    from tabletop.training.train import Config, run

    config = Config(
        "code-of-nine",
        teacher="heuristic",
        expert="heuristic:samples=2",
        expert_share=0.5,
        rounds=2,
        games=2,
        chunk=1,
        epochs=1,
        eval_games=2,
        seed=3,
    )
    first = run(config, tmp_path, rounds=1)
    assert first.rounds == 1 and len(first.curve) == 1
    shard = tmp_path / "shards" / "r00-k000.npz"
    stamp = shard.stat().st_mtime_ns
    weights_one = Network.load("code-of-nine", tmp_path / "code-of-nine.npz")
    # resumes: round 0's shards kept, one more round, with a setting changed
    second = run(config, tmp_path, changes={"expert_share": 0.0, "games": 3})
    assert second.rounds == 2 and second.steps > first.steps
    assert shard.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in (tmp_path / "shards").glob("*.npz")) == [
        "r00-k000.npz",
        "r00-k001.npz",
        "r01-k000.npz",
        "r01-k001.npz",
        "r01-k002.npz",
    ]
    # each shard's CPU seconds beside it, counted in the curve's CPU hours
    assert all(p.with_suffix(".cpu").exists() for p in (tmp_path / "shards").glob("*.npz"))
    curve = json.loads((tmp_path / "curve.json").read_text())
    assert 0 < curve[0]["cpu_hours"] < curve[1]["cpu_hours"]
    assert [row["round"] for row in curve] == [1, 2]
    assert [row["games"] for row in curve] == [2, 5]
    assert [row["expert_share"] for row in curve] == [0.5, 0.0]
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert sorted(p.name for p in (tmp_path / "rounds").iterdir()) == [
        "code-of-nine-01.npz",
        "code-of-nine-02.npz",
    ]
    weights_two = Network.load("code-of-nine", tmp_path / "code-of-nine.npz")
    assert not np.array_equal(weights_one.w0, weights_two.w0)
