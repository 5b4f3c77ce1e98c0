"""A batched env's shard of Code of Nine tables stepped by the C engine
(:mod:`.code_of_nine`; what every native shard does: :mod:`.shard`).

An ended game is replayed in Python from its seed and the decisions the C recorded,
which scores it by the Python rules (the memory cards) and gives its result, rewards
and last observation exactly as the Python shard does.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.rl.encoders.code_of_nine_table import CodeOfNineTable
from tabletop.rl.episode import terminal_rewards
from tabletop.rl.native.code_of_nine import CodeOfNineTables
from tabletop.rl.native.shard import NativeShard
from tabletop.rl.shard import ShardArrays, ShardSpec


class CodeOfNineShard(NativeShard):
    """Every-seat Code of Nine tables in C (see the module docstring)."""

    def __init__(self, game: Game, spec: ShardSpec, arrays: ShardArrays) -> None:
        options = game.resolve_options(spec.options)
        self._encoder = CodeOfNineTable(spec.players)
        sample = game.new_game(spec.players, 0, **options)
        if not isinstance(sample, CodeOfNineState):
            raise TypeError(f"{game.info.name} is not Code of Nine")
        config = self._encoder.config(sample)
        self._code = CodeOfNineTables(game, spec.players, spec.tables, options, config.packer)
        super().__init__(game, spec, arrays, self._code, config)

    def _close(self, t: int) -> Result:
        """Replayed: scored by the Python rules, its last observation encoded from it."""
        arrays = self.arrays
        state = self._code.state(t)
        result = state.result()
        arrays.rewards[t] = terminal_rewards(self.game, state, self.spec.reward, result)
        self._final.forget()
        self._encoder.encode_into((state,), arrays.final_observations[t : t + 1], None, self._final)
        return result
