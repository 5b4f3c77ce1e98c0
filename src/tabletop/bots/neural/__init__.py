"""``neural``: a policy and value network trained by imitation of search and self-play,
played with NumPy (see docs/neural.md). Training (:mod:`tabletop.training.train`)
needs the ``train`` extra (torch); playing does not."""

from tabletop.bots.neural.bot import NeuralBot

__all__ = ["NeuralBot"]
