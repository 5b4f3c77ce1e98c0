"""An episode with a free encoder: how much of the envs' cost is the API's own.

``tabletop bench`` runs the PettingZoo parallel env a second time with this episode
(``free_observation_ratio``): the same checks, masks, actions and dictionaries, every
observation a copy of one zero array. No encoder can bring the env under that figure.
"""

from __future__ import annotations

import numpy as np

from tabletop.rl.episode import Episode


class FreeObservations(Episode):
    """An :class:`Episode` whose observations cost one array copy per step."""

    _zeros: np.ndarray | None = None

    def observations(self) -> np.ndarray:
        zeros = self._zeros
        if zeros is None:
            zeros = self._zeros = np.zeros((self.players, self.obs_size), np.float32)
        return zeros.copy()  # a fresh array per step, as the real encoder gives
