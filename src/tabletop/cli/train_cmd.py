"""``tabletop train GAME --dir DIR [...]``: train the ``neural`` bot (the ``train`` extra).

The options are the training script's (:mod:`tabletop.training.train`, also run as
``python -m tabletop.training.train``); ``tabletop train GAME --help`` lists them.
Torch is imported only when this command runs.
"""

from __future__ import annotations

import typer

from tabletop.cli.options import GameArg


def train(ctx: typer.Context, game: GameArg) -> None:
    """Train the neural bot by expert iteration (resumable; see docs/neural.md)."""
    from tabletop.training.train import main

    main([game, *ctx.args])


SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}
"""Every option, ``--help`` included, goes on to the training script's parser."""
