"""A game's kit: the one value through which every generic layer reaches a game.

A game is one folder, ``tabletop/games/<name>/``, that exports one :class:`Kit` and is
registered with one line in ``tabletop.games``. Generic layers (search, the learned
bot, simulation and the arena, the RL adapters and the batched env, review, reports,
the server, the web shell and the CLI) never import a game's modules and never branch
on a game's name: they ask the game's kit for a *part* by its name in :data:`PARTS`,
and a game without that part is simply not offered it (no review, no batched engine in
C...). So a new game is a new folder plus one registry line.

Parts are named by *reference* (``"package.module:attribute"``, or ``"package.module"``
for a module that is the part, such as a renderer) and imported the first
time a layer asks for them, so registering a game imports only its rules: the terminal
renderer, NumPy encoders and C engines load only where they are used, and the layers
stay acyclic (a kit names its parts; it does not import them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game

PARTS: dict[str, str] = {
    # bots and search knowledge
    "bot:heuristic": "the game's heuristic bot: a factory (game, seat, seed, **params) -> Bot",
    "mcts:evaluator": "the search's leaf evaluator: a core.knowledge.Evaluator (worths, scale)",
    "mcts:model:heuristic": "the search's model of a heuristic rival (a class)",
    "mcts:model:adaptive": "the search's model that fits each rival's style (a class)",
    "mcts:model:neural": "the search's model by the learned network alone (bots.neural's class)",
    "sim:decision_kind": "a view's kind of decision, for timing a bot: (view) -> text",
    "bots:styles": "a bot's style parameters with their documented ranges (core.styles.Styles)",
    "league:pool": "the league's pool: ((bot spec, why it is there), ...) in a fixed order",
    "neural:weights": "the learned bot's shipped network (a .npz resource); offers ``neural``",
    "neural:think": "seconds the lobby's ``neural`` thinks (a float; none: the bare policy)",
    "neural:horizon": "where the network's search ends a line (a class: seat, horizon)",
    "neural:plan": "the learned bot's plan head (a module: PLAN_LAYERS, PlanHead, board_scores)",
    "neural:expert": "the search the learned bot imitates in training (a core.knowledge.Expert)",
    "neural:plan_samples": "labelled decisions for the plan head (module: PlanSamples, generate)",
    # research
    "rl:encoder": "the observation encoder of the PettingZoo, Gymnasium and OpenSpiel envs",
    "rl:table": "the batched env's table encoder (a class)",
    "rl:native": "the batched env's engine in C: a module (rl.native.shard.NativeEngine)",
    "openspiel:chance": "a chance outcome in words for OpenSpiel: (state, outcome) -> text",
    "openspiel:turn_based": "True: registered with OpenSpiel as sequential (sealed decisions)",
    "bench:openspiel": "the same game in OpenSpiel, timed beside ours: (pyspiel name, params)",
    # people
    "cli:renderer": "the terminal renderer of views, choices and events",
    "review:phrases": "the review's words for the game's decisions (a module)",
    "report:holdings": "who held which card: a core.holdings.CardObserver class",
    "reports": "the balance reports: command name -> command (play, **options)",
    "web:final": "the final screen's breakdown of the scores: (final state) -> JSON data",
    "web:preview": "which actions may be tried before committing: (state, seat, action) -> why not",
    "web:reference": "the reference data a table's page shows: (state) -> JSON data",
    "web:module": "the web folder (a package): index.js, game.css, en.json, ja.json",
}
"""Every part a kit may provide, by name, with what it is. A kit naming a part that is
not listed here is refused at registration (so a misspelt part fails at once)."""


class MissingPartError(TabletopError, LookupError):
    """A layer asked a game for a part the game does not provide."""


@dataclass(frozen=True)
class Level:
    """One difficulty the lobby offers: its name and the bot spec it stands for (its
    measured strength is the level ladder's, ``tabletop.bots.levels``)."""

    name: str
    spec: str


@dataclass(frozen=True)
class Kit:
    """Everything that knows one game, as the generic layers may see it."""

    game: Game
    """The rules: the game's facts, actions, states, views and positions."""
    parts: Mapping[str, str] = field(default_factory=dict)
    """Part name (a key of :data:`PARTS`) -> ``"package.module:attribute"`` or
    ``"package.module"``."""
    search: str | None = None
    """The game's strongest measured search, as a bot spec (offered as ``mcts``)."""
    levels: tuple[Level, ...] = ()
    """The lobby's difficulty levels, weakest first, each measured one against three of
    the level below (``tabletop bots ladder``)."""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - set(PARTS))
        if unknown:
            raise ValueError(f"{self.name}: unknown kit parts {unknown} (see core.kit.PARTS)")
        for name, ref in self.parts.items():
            module, colon, attribute = ref.partition(":")
            if not module or (colon and not attribute):
                raise ValueError(f"{self.name}: part {name!r} is {ref!r}, not 'module:attribute'")

    @property
    def name(self) -> str:
        return self.game.info.name

    def has(self, part: str) -> bool:
        """Whether the game provides ``part``."""
        return part in self.parts

    def part(self, part: str) -> Any:
        """The object ``part`` names, imported on first use.

        Raises :class:`MissingPartError` when the game has no such part.
        """
        ref = self.parts.get(part)
        if ref is None:
            if part not in PARTS:
                raise MissingPartError(f"{part!r} is not a kit part (see core.kit.PARTS)")
            raise MissingPartError(f"{self.name} has no {part!r} ({PARTS[part]})")
        return load(ref)


@cache
def load(ref: str) -> Any:
    """The attribute a ``"package.module:attribute"`` reference names (the module itself
    for ``"package.module"``)."""
    module, _, attribute = ref.partition(":")
    target: Any = import_module(module)
    for name in attribute.split(".") if attribute else ():
        target = getattr(target, name)
    return target
