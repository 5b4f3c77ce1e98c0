"""A batched env's shard of Wicked Labyrinth tables stepped by the C engine
(:mod:`.wicked_labyrinth`; what every native shard does: :mod:`.shard`).

An ended game's end is made from the C's tallies and its packed last row: its result
as ``WickedLabyrinthState.result``, its rewards from the result alone
(``episode.rewards_of``), its last observation by the lookup; no Python state is made.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.rl.encoders.lookup import TableBase
from tabletop.rl.encoders.wicked_labyrinth_table import WickedLabyrinthTable
from tabletop.rl.episode import rewards_of
from tabletop.rl.native.shard import NativeShard
from tabletop.rl.native.wicked_labyrinth import LabyrinthTables
from tabletop.rl.shard import ShardArrays, ShardSpec


class LabyrinthShard(NativeShard):
    """Every-seat Wicked Labyrinth tables in C (see the module docstring)."""

    def __init__(self, game: Game, spec: ShardSpec, arrays: ShardArrays) -> None:
        options = game.resolve_options(spec.options)
        config = WickedLabyrinthTable(spec.players).config(options["cards"])
        self._labyrinth = LabyrinthTables(
            game, spec.players, spec.tables, options, config.lookup.width
        )
        super().__init__(game, spec, arrays, self._labyrinth, config)

    def _close(self, t: int) -> Result:
        arrays = self.arrays
        result = self._labyrinth.result(t)
        arrays.rewards[t] = rewards_of(self.game, self.players, self.spec.reward, result)
        lookup = self._config.lookup
        self._labyrinth.engine.pack_one(t, lookup.rows(1))
        self._final.forget()
        TableBase.look_up(
            lookup, self._config.gather, arrays.final_observations[t : t + 1], None, [], self._final
        )
        return result
