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
exploration constant (returns are win shares in [0, 1]), ``ceiling`` (wall-clock
seconds, default none): the decision stops simulating after this long, whatever is
left of its simulations (at least two are run). The lobby offers the bot with the
server's ceiling (:mod:`tabletop.bots.levels`): 100 simulations took up to 11.5 s of
wall time a decision on a loaded machine, past any wait a person accepts.

Nodes are keyed by the deciding seat's view itself rather than by its observation
string (the text of that view): the same information sets, so the same search, but
rendering each visited state's view as text took 70% of a decision in one game.
"""

from __future__ import annotations

import time
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
        ceiling: float | None = None,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(f"simulations must be a whole number >= 1, got {simulations!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c must be a number >= 0, got {c!r}")
        if ceiling is not None and (
            isinstance(ceiling, bool) or not isinstance(ceiling, (int, float)) or ceiling <= 0
        ):
            raise ValueError(f"ceiling must be positive seconds, got {ceiling!r}")
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
        self.ceiling = None if ceiling is None else float(ceiling)
        self.simulated = 0
        """Simulations the last decision ran (fewer than ``simulations`` when the
        ceiling stopped it)."""
        self._games: dict[int, Any] = {}

    def _spiel_game(self, players: int) -> Any:
        found = self._games.get(players)
        if found is None:
            found = self._games[players] = self._spiel_class({"players": players})
        return found

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.ceiling is None else time.perf_counter() + self.ceiling
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

        bot = _bounded(_view_keyed(ismcts.ISMCTSBot), deadline)(
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
        self.simulated = bot.simulated
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


def _bounded(base: type, deadline: float | None) -> type:
    """``base`` (an ``ISMCTSBot``) that stops simulating at ``deadline`` (wall clock).

    OpenSpiel's search loops over a fixed number of simulations; once the deadline has
    passed, each of the loop's remaining turns takes the root state itself as its sample
    and simulates nothing, so the loop ends at once and the search answers from the
    simulations it ran (at least two: OpenSpiel's first only expands the root, and it
    answers only from a root with visits).
    """

    class Bounded(base):  # type: ignore[misc]
        simulated = 0
        _root: Any = None

        def run_search(self, state: Any) -> Any:
            self.simulated, self._root = 0, state
            return super().run_search(state)

        def sample_root_state(self, state: Any) -> Any:
            over = deadline is not None and time.perf_counter() >= deadline
            if over and self._root_node.total_visits > 0:
                return state  # the root itself: simulated by nobody (below)
            self.simulated += 1
            return super().sample_root_state(state)

        def run_simulation(self, state: Any) -> Any:
            if state is self._root:
                return None
            return super().run_simulation(state)

    return Bounded
