"""``ismcts``: OpenSpiel's own information-set MCTS, an outside algorithm for the league.

OpenSpiel's Python ``ISMCTSBot`` (Cowling, Powley and Whitehouse 2012) with its random
rollout evaluator, searching the game through :mod:`tabletop.openspiel`. The bot is
given the seat's view only: the root is one ``determinize(view)`` state, and every
simulation draws a new one through the resampler, the game's determinization from the
seat's view (what ``resample_from_infostate`` does for the OpenSpiel state). Nodes are
keyed by the seat's observation string (its view).

OpenSpiel's ISMCTS searches sequential games only (it asserts so), so the bot searches
each game in a sequential form (``openspiel.sequential_class``): a game registered as
sequential as it is (its kit's ``openspiel:turn_based``: sealed choices committed seat
by seat), any other in its turn-based form, where the decisions several seats take
together are committed seat by seat, lowest first, nothing of a sealed choice showing
until all are in. At a decision several seats take together, the seats before this one
in the determinized state act at random first (a sealed choice is hidden from this
seat anyway; an open one is another seat's own processing), so the search is this
seat's own decision.

Parameters: ``simulations`` (default 100) per decision, ``c`` (default 1.5) UCT's
exploration constant (returns are win shares in [0, 1]).

Nodes are keyed by the deciding seat's view itself rather than by its observation
string (the text of that view): the same information sets, so the same search, but
rendering each visited state's view as text took 70% of a decision in one game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game

_MASK = (1 << 62) - 1


class OpenSpielIsmcts(Bot):
    """OpenSpiel's ISMCTSBot playing one seat from its view."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        simulations: int = 100,
        c: float = 1.5,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(f"simulations must be a whole number >= 1, got {simulations!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c must be a number >= 0, got {c!r}")
        try:
            from tabletop.openspiel import sequential_class
        except ImportError as exc:
            raise ValueError(f"OpenSpiel's ISMCTS needs the rl extra: {exc}") from None
        try:
            self._spiel_class = sequential_class(game.info.name)
        except KeyError:
            raise ValueError(f"no OpenSpiel form of {game.info.name}") from None
        self.simulations = simulations
        self.c = float(c)
        self._games: dict[int, Any] = {}

    def _spiel_game(self, players: int) -> Any:
        found = self._games.get(players)
        if found is None:
            found = self._games[players] = self._spiel_class({"players": players})
        return found

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from tabletop import openspiel

        engine = self.game.determinize(view, self.rng.next_u64() & _MASK)
        while engine.current_players()[0] != self.seat:  # a sealed decision (see above)
            first = engine.current_players()[0]
            theirs = engine.legal_action_ids(first)
            engine.apply_unchecked(first, theirs[self.rng.below(len(theirs))])
        spiel = self._spiel_game(engine.num_players)
        numbers = np.random.RandomState(self.rng.next_u64() & 0xFFFFFFFF)

        def resample(state: Any, player: int) -> Any:
            """A state the seat cannot tell from ``state``: the game's determinization."""
            sample = self.game.determinize(state.engine.view(player), int(numbers.randint(1 << 62)))
            return openspiel.TabletopState(spiel, sample)

        bot = _view_keyed(ismcts.ISMCTSBot)(
            spiel,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
            uct_c=self.c,
            max_simulations=self.simulations,
            random_state=numbers,
            use_observation_string=True,
            allow_inconsistent_action_sets=True,
        )
        bot.set_resampler(resample)
        chosen = int(bot.step(openspiel.TabletopState(spiel, engine)))
        ids = {self.game.actions.id_of(a): a for a in legal}
        if chosen not in ids:  # the root is a determinization of this very view
            raise RuntimeError(f"ISMCTS chose {chosen}, not a legal action of seat {self.seat}")
        return ids[chosen]


def _view_keyed(base: type) -> type:
    """OpenSpiel's ``ISMCTSBot`` with nodes keyed by (player, the player's view).

    Views are frozen dataclasses whose equality is that of what the observation string
    prints (the fields left out of the JSON form are left out of equality too), so the
    key splits states exactly as ``use_observation_string=True`` does, for a hash
    instead of a text rendering of every visited state.
    """

    class ViewKeyed(base):  # type: ignore[misc]
        def get_state_key(self, state: Any) -> tuple[int, Any]:
            player = state.current_player()
            return player, state.engine.view(player)

    return ViewKeyed
