"""The Wicked Labyrinth's state machine: setup, search, soul processing, preparation.

Chance (the oracle deal and each round's corridors) is drawn card by card from what
has not been drawn yet. Drawing the round's corridors lazily from the unseen cards
gives the same distribution as shuffling a deck and removing cards unseen (section 4),
and it means no hidden deck order exists for a view to leak.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SEARCH,
    SMALL,
    SOUL,
    STRIDE,
    WITCH,
    result_of,
    tally,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import (
    M_CHOOSE_WHITE,
    M_DECLARE,
    M_IDLE,
    M_OVERFLOW,
    M_PROCESS,
    M_REWARD_PROMOTION,
    P_OVER,
    P_SEARCH,
    P_SETUP,
    P_SOUL_PROCESSING,
    Colour,
    Element,
    Mode,
    Rank,
)
from tabletop.games.wicked_labyrinth.ids import (
    CHOOSE_WHITE_BASE,
    DISCARD_CHANGE,
    DISCARD_PROMOTION,
    DONE,
    GREAT_BASE,
    PAIR_BASE,
    RETURN_LOW_BASE,
    SMALL_BASE,
    SPELL_BASE,
    declare_id,
)
from tabletop.games.wicked_labyrinth.research import corridor_deck, oracle_deal, sizes
from tabletop.games.wicked_labyrinth.views import build_view

GREAT_OUTCOME = 24
SMALL_OUTCOME = 36


class WickedLabyrinthState(State):
    """A game of The Wicked Labyrinth for 3 to 5 players."""

    __slots__ = (
        "cards",
        "b",
        "phase",
        "round",
        "corridor",
        "labyrinth",
        "discard",
        "revealed",
        "order",
        "undrawn",
        "dealt",
        "k",
        "rounds",
        "search",
        "research",
        "deck",
        "deal",
        "deciding",
    )

    cards: CardSet
    b: list[int]
    phase: int
    round: int
    corridor: int
    labyrinth: list[int]
    discard: list[int]
    revealed: list[int]
    order: list[int]
    undrawn: list[int]
    dealt: int
    k: int
    """Corridors laid out each round (section 4 ④)."""
    rounds: int
    """Rounds in this game: ``ROUNDS`` but in a research configuration (``research.py``)."""
    search: int
    """Search pieces a player has each round (section 4 ②; fewer in a research
    configuration)."""
    research: str
    """The research configuration's name; empty: the published game."""
    deck: int
    """Corridor cards in the game: the card set's, fewer in a research configuration."""
    deal: list[int]
    """A research configuration's fixed oracle deal (outcomes in dealing order); empty:
    dealt at random, as published."""
    deciding: tuple[int, ...]
    """Who decides now, kept up to date at every transition so asking is free."""

    def setup(self, cards: CardSet, research: str = "") -> None:
        """Section 4 and 5: pieces behind screens, then the deal (chance) begins. The
        numbers are the published game's but in a ``research`` configuration."""
        n = self.num_players
        self.research = research
        config = sizes(research, n)
        self.rounds, self.k, self.search = config.rounds, config.corridors, config.search
        corridors = corridor_deck(config, cards)
        self.deck = len(corridors)
        self.deal = oracle_deal(config, cards, n, GREAT_OUTCOME, SMALL_OUTCOME)
        self.cards = cards
        self.b = [0] * (STRIDE * n)
        for p in range(n):
            o = p * STRIDE
            self.b[o + SEARCH] = self.search
            self.b[o + WITCH] = 1
            self.b[o + SOUL] = 1
            for k in range(2):
                self.b[o + GREAT + k] = -1
                self.b[o + SMALL + k] = -1
        self.phase = P_SETUP
        self.round = 1
        self.corridor = 0
        self.labyrinth = []
        self.discard = []
        self.revealed = []
        self.order = []
        self.undrawn = corridors
        self.undrawn += [GREAT_OUTCOME + i for i in range(len(cards.great_oracles))]
        self.undrawn += [SMALL_OUTCOME + i for i in range(len(cards.small_oracles))]
        self.dealt = 0
        self.deciding = ()

    @property
    def corridors_per_round(self) -> int:
        return self.k

    # ---------------------------------------------------------------- who decides

    def current_players(self) -> tuple[int, ...]:
        return self.deciding

    def recompute_deciding(self) -> tuple[int, ...]:
        """Who decides, worked out from the boards (for loading; equals ``deciding``)."""
        phase = self.phase
        b = self.b
        if phase == P_SEARCH:
            if len(self.labyrinth) < self.k:
                return ()
            if self.order:
                return (self.order[0],)
            return tuple(p for p in range(self.num_players) if b[p * STRIDE + MODE] == M_DECLARE)
        if phase == P_SOUL_PROCESSING:
            return tuple(p for p in range(self.num_players) if b[p * STRIDE + MODE] != M_IDLE)
        return ()

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def sealed_decision(self) -> bool:
        """Declarations are closed hands, opened together (section 7 ①)."""
        return self.phase == P_SEARCH and not self.order and bool(self.deciding)

    def decision_key(self, player: int) -> tuple[int, int]:
        """A round's soul processing is one decision, all its steps up to ``done``
        (section 8: the player processes, then says it is done); every other step is a
        decision of its own."""
        if self.phase == P_SOUL_PROCESSING:
            return (P_SOUL_PROCESSING, self.round)
        return (0, len(self.history))

    def legal_action_ids_unchecked(self, player: int) -> Sequence[int]:
        b = self.b
        o = player * STRIDE
        mode = b[o + MODE]
        if mode == M_IDLE or player not in self.deciding:
            return ()
        if mode == M_DECLARE:
            return rules.declarations(b[o + SEARCH], b[o + WITCH], b[o + SOUL])
        if mode == M_CHOOSE_WHITE:
            return (
                CHOOSE_WHITE_BASE,
                CHOOSE_WHITE_BASE + 1,
                CHOOSE_WHITE_BASE + 2,
                CHOOSE_WHITE_BASE + 3,
            )
        if mode == M_OVERFLOW:
            return tuple(RETURN_LOW_BASE + c for c in range(4) if b[o + c])
        return rules.processing_actions(b, o, self.cards)

    def why_illegal(self, player: int, action_id: int) -> str:
        mode = self.b[player * STRIDE + MODE]
        wanted = {
            M_DECLARE: "declare a closed hand",
            M_CHOOSE_WHITE: "choose the colour of a white fragment",
            M_OVERFLOW: "return one of seven low tokens",
            M_PROCESS: "process souls or say done",
            M_REWARD_PROMOTION: "use or give up the small oracle's promotion",
        }.get(Mode(mode), "wait")
        action = A.TABLE[action_id]
        if mode == M_DECLARE and isinstance(action, A.Declare):
            o = player * STRIDE
            if self.corridor == self.k - 1:
                return "the last corridor of a round takes every piece left"
            return (
                f"only {self.b[o + SEARCH]} search piece(s)"
                f"{', the witch sign' if self.b[o + WITCH] else ''}"
                f"{', the soul sign' if self.b[o + SOUL] else ''} are left behind the screen"
            )
        if mode in (M_PROCESS, M_REWARD_PROMOTION) and not isinstance(action, A.Declare):
            return "the board does not allow it (tokens, spells or oracle requirements)"
        return f"the player must {wanted} now"

    # ---------------------------------------------------------------- chance

    def is_chance_node(self) -> bool:
        return not self.deciding and (
            self.phase == P_SETUP or (self.phase == P_SEARCH and len(self.labyrinth) < self.k)
        )

    def _chance_pool(self) -> list[int]:
        if self.phase == P_SETUP:
            if self.deal:
                return [self.deal[self.dealt]]
            kind = self.dealt % 4
            lo, hi = (GREAT_OUTCOME, SMALL_OUTCOME) if kind < 2 else (SMALL_OUTCOME, 48)
        else:
            lo, hi = 0, GREAT_OUTCOME
        return [c for c in self.undrawn if lo <= c < hi]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        pool = self._chance_pool()
        p = 1.0 / len(pool)
        return [(c, p) for c in pool]

    def _sample_chance(self) -> int:
        return self.rng.choice(self._chance_pool())

    def _apply_chance(self, outcome: int) -> None:
        self.undrawn.remove(outcome)
        if self.phase == P_SETUP:
            player, kind = divmod(self.dealt, 4)
            o = player * STRIDE
            if kind < 2:
                self.b[o + GREAT + kind] = outcome - GREAT_OUTCOME
            else:
                self.b[o + SMALL + kind - 2] = outcome - SMALL_OUTCOME
            self.dealt += 1
            if kind == 3 and self._events is not None:
                cards = self.cards
                self._emit(
                    E.OraclesDealt(
                        player,
                        (
                            cards.great_oracles[self.b[o + GREAT]].id,
                            cards.great_oracles[self.b[o + GREAT + 1]].id,
                        ),
                        (
                            cards.small_oracles[self.b[o + SMALL]].id,
                            cards.small_oracles[self.b[o + SMALL + 1]].id,
                        ),
                    )
                )
            if self.dealt == 4 * self.num_players:
                self.phase = P_SEARCH
            return
        self.labyrinth.append(outcome)
        if len(self.labyrinth) == self.k:
            if self._events is not None:
                self._emit(
                    E.CorridorsLaidOut(
                        self.round, tuple(self.cards.corridors[c].id for c in self.labyrinth)
                    )
                )
            self._open_declaration()

    # ---------------------------------------------------------------- search phase

    def _open_declaration(self) -> None:
        """Start the declaration for the current corridor; the last one is forced."""
        b = self.b
        n = self.num_players
        if self.corridor == self.k - 1:
            for p in range(n):
                o = p * STRIDE
                decl = declare_id(b[o + SEARCH], bool(b[o + WITCH]), bool(b[o + SOUL]))
                b[o + DECLARED] = decl + 1
                b[o + MODE] = M_IDLE
                if self._events is not None:
                    self._emit(E.DeclarationCommitted(p, A.TABLE[decl], True))  # type: ignore[arg-type]
            self._reveal()
        else:
            for p in range(n):
                b[p * STRIDE + MODE] = M_DECLARE
            self.deciding = tuple(range(n))

    def _declare(self, player: int, action_id: int) -> None:
        b = self.b
        o = player * STRIDE
        b[o + DECLARED] = action_id + 1
        b[o + MODE] = M_IDLE
        if self._events is not None:
            self._emit(E.DeclarationCommitted(player, A.TABLE[action_id], False))  # type: ignore[arg-type]
        self.deciding = tuple(p for p in self.deciding if p != player)
        if not self.deciding:
            self._reveal()

    def _reveal(self) -> None:
        """Open all hands at once, rank, and queue each ranked player's gains."""
        b = self.b
        n = self.num_players
        search = [0] * n
        witch = soul = 0
        for p in range(n):
            o = p * STRIDE
            d = b[o + DECLARED] - 1
            b[o + DECLARED] = 0
            self.revealed.append(d)
            count, signs = divmod(d, 4)
            search[p] = count
            b[o + SEARCH] -= count
            if signs & 2:
                witch += 1
                b[o + WITCH] = 0
            if signs & 1:
                soul += 1
                b[o + SOUL] = 0
        card = self.cards.corridors[self.labyrinth[self.corridor]]
        first, seconds = rules.rank_players(search)
        if self._events is not None:
            self._emit(
                E.DeclarationsRevealed(
                    self.round,
                    card.id,
                    tuple(A.TABLE[d] for d in self.revealed[-n:]),  # type: ignore[misc]
                )
            )
            self._emit(
                E.CorridorRanked(
                    card.id, first, seconds, witch, soul, first is None and not seconds
                )
            )
        lower = int(card.lower)
        order: list[int] = []
        if first is not None:
            order.append(first)
            gains = [lower] * soul + [int(e) for e in card.upper] + [lower]
            self._take(first, witch, gains)
        for p in seconds:
            order.append(p)
            self._take(p, witch, [lower] * soul + [lower])
        self.order = order
        self._drain_order()

    def _take(self, player: int, impurity: int, gains: list[int]) -> None:
        o = player * STRIDE
        if impurity:
            self.b[o + IMPURITY] += impurity
            if self._events is not None:
                self._emit(E.ImpurityTaken(player, impurity))
        rules.queue_gains(self.b, o, gains)

    def _drain_order(self) -> None:
        """Take queued gains in rank order until someone must choose or all are taken."""
        order = self.order
        while order:
            if not self._drain(order[0]):
                self.deciding = (order[0],)
                return
            order.pop(0)
        self._next_corridor()

    def _next_corridor(self) -> None:
        self.corridor += 1
        if self.corridor < self.k:
            self._open_declaration()
            return
        self.phase = P_SOUL_PROCESSING
        b = self.b
        for p in range(self.num_players):
            b[p * STRIDE + MODE] = M_PROCESS
        self.deciding = tuple(range(self.num_players))

    # ---------------------------------------------------------------- gaining

    def _drain(self, player: int) -> bool:
        """Take ``player``'s queued gains; False when a choice stops it (mode set)."""
        log: list[int] | None = None if self._events is None else []
        taken = rules.drain(self.b, player * STRIDE, self.phase == P_SOUL_PROCESSING, log)
        if log:
            self._emit_gains(player, log)
        return taken

    def _emit_gains(self, player: int, log: list[int]) -> None:
        """The events of what the gain rules logged (``rules.GAINED`` and the rest)."""
        for code in log:
            if code < rules.RETURNED:
                self._emit(E.TokenGained(player, Colour(code - rules.GAINED)))
            elif code < rules.STORED_PROMOTION:
                self._emit(E.TokenReturned(player, Colour(code - rules.RETURNED), Rank.LOW))
            elif code == rules.STORED_PROMOTION:
                self._emit(E.SpellGained(player, Element.PROMOTION))
            else:
                self._emit(E.SpellGained(player, Element.COLOUR_CHANGE))

    def _after_choice(self, player: int) -> None:
        """Resume taking gains after a white or overflow choice."""
        if self.phase == P_SEARCH:
            self._drain_order()
        else:
            self._drain(player)

    # ---------------------------------------------------------------- applying

    def _apply(self, player: int, action_id: int) -> None:
        b = self.b
        o = player * STRIDE
        if action_id < CHOOSE_WHITE_BASE:
            self._declare(player, action_id)
        elif action_id < RETURN_LOW_BASE:
            colour = action_id - CHOOSE_WHITE_BASE
            b[o + QUEUE] >>= 3
            log: list[int] | None = None
            if self._events is not None:
                self._emit(E.WhiteChosen(player, Colour(colour)))
                log = []
            taken = rules.gain_token(b, o, colour, log)
            if log:
                self._emit_gains(player, log)
            if taken:
                self._after_choice(player)
        elif action_id < PAIR_BASE:
            colour = action_id - RETURN_LOW_BASE
            b[o + colour] -= 1
            if self._events is not None:
                self._emit(E.TokenReturned(player, Colour(colour), Rank.LOW))
            self._after_choice(player)
        else:
            self._process(player, action_id)

    def _process(self, player: int, action_id: int) -> None:
        b = self.b
        o = player * STRIDE
        ev = self._events is not None
        if action_id < SPELL_BASE:
            colour, rank, room = rules.decode_promotion(action_id, PAIR_BASE)
            self._return_room(player, room, rank + 1)
            rules.promote(b, o, colour, rank, room, 2)
            if ev:
                self._emit(E.Promoted(player, Colour(colour), Rank(rank), "pair"))
        elif action_id < DISCARD_PROMOTION:
            colour, rank, room = rules.decode_promotion(action_id, SPELL_BASE)
            self._return_room(player, room, rank + 1)
            rules.promote(b, o, colour, rank, room, 1)
            by = "reward" if self._spend_promotion(player) else "spell"
            if ev:
                self._emit(E.Promoted(player, Colour(colour), Rank(rank), by))
        elif action_id == DISCARD_PROMOTION:
            self._spend_promotion(player)
            if ev:
                self._emit(E.SpellDiscarded(player, Element.PROMOTION))
        elif action_id < DISCARD_CHANGE:
            colour, rank, to = rules.decode_change(action_id)
            b[o + rank * 4 + colour] -= 1
            b[o + rank * 4 + to] += 1
            b[o + COLOUR_CHANGE] -= 1
            if ev:
                self._emit(E.ColourChanged(player, Colour(colour), Rank(rank), Colour(to)))
        elif action_id == DISCARD_CHANGE:
            b[o + COLOUR_CHANGE] -= 1
            if ev:
                self._emit(E.SpellDiscarded(player, Element.COLOUR_CHANGE))
        elif action_id < GREAT_BASE:
            slot = action_id - SMALL_BASE
            log: list[int] | None = None
            if ev:
                card = self.cards.small_oracles[b[o + SMALL + slot]]
                self._emit(E.OracleAchieved(player, card.id, False))
                log = []
            rules.achieve_small(b, o, self.cards, slot, log)
            if log:
                self._emit_gains(player, log)
        elif action_id < DONE:
            slot = action_id - GREAT_BASE
            rules.achieve_great(b, o, self.cards, slot)
            if ev:
                self._emit(
                    E.OracleAchieved(player, self.cards.great_oracles[b[o + GREAT + slot]].id, True)
                )
        else:
            self._finish_processing(player)

    def _spend_promotion(self, player: int) -> bool:
        """``rules.spend_promotion`` with its events: True when it was the reward's."""
        log: list[int] | None = None if self._events is None else []
        reward = rules.spend_promotion(self.b, player * STRIDE, log)
        if log:
            self._emit_gains(player, log)
        return reward

    def _return_room(self, player: int, room: int | None, rank: int) -> None:
        if room is not None and self._events is not None:
            self._emit(E.TokenReturned(player, Colour(room), Rank(rank)))

    def _finish_processing(self, player: int) -> None:
        b = self.b
        o = player * STRIDE
        b[o + MODE] = M_IDLE
        b[o + PROMOTION] = 0
        b[o + COLOUR_CHANGE] = 0
        if self._events is not None:
            self._emit(E.ProcessingDone(player))
        self.deciding = tuple(p for p in self.deciding if p != player)
        if not self.deciding:
            self._end_round()

    def _end_round(self) -> None:
        """Section 9 (preparation) or, after round 4, section 10 (game end)."""
        if self._events is not None:
            self._emit(E.RoundEnded(self.round))
        if self.round == self.rounds:
            self.phase = P_OVER
            if self._events is not None:
                result = self.result()
                self._emit(E.GameEnded(result.scores, result.winners))
            return
        b = self.b
        n = self.num_players
        for p in range(n):
            o = p * STRIDE
            b[o + SEARCH] = self.search
            b[o + WITCH] = 1
            b[o + SOUL] = 1
        self.discard.extend(self.labyrinth)
        self.labyrinth = []
        self.revealed = []
        self.round += 1
        self.corridor = 0
        self.phase = P_SEARCH

    # ---------------------------------------------------------------- results

    def scores(self) -> list[int]:
        """Each player's score if the game ended now (section 10)."""
        return [tally(self.b, p * STRIDE, self.cards)[0] for p in range(self.num_players)]

    def result(self) -> Result:
        if self.phase != P_OVER:
            raise ValueError("the game is not over yet")
        n = self.num_players
        return result_of([tally(self.b, p * STRIDE, self.cards) for p in range(n)])

    # ---------------------------------------------------------------- views, copies, JSON

    def _view(self, player: int) -> Any:
        return build_view(self, player)

    def spectator_view(self) -> Any:
        return build_view(self, None)

    def clone(self) -> Self:
        # Through the constructor: a compiled (mypyc) class cannot be made by __new__ alone.
        new = type(self)(self.game, self.num_players, self.seed, self.options, self.auto_chance)
        self._copy_base(new)
        new.cards = self.cards
        new.b = self.b[:]
        new.phase = self.phase
        new.round = self.round
        new.corridor = self.corridor
        new.labyrinth = self.labyrinth[:]
        new.discard = self.discard[:]
        new.revealed = self.revealed[:]
        new.order = self.order[:]
        new.undrawn = self.undrawn[:]
        new.dealt = self.dealt
        new.k = self.k
        new.rounds = self.rounds
        new.search = self.search
        new.research = self.research
        new.deck = self.deck
        new.deal = self.deal
        new.deciding = self.deciding
        return new

    _JSON_SLOTS = (
        "b",
        "phase",
        "round",
        "corridor",
        "labyrinth",
        "discard",
        "revealed",
        "order",
        "undrawn",
        "dealt",
    )

    def _state_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._JSON_SLOTS}

    def _load(self, data: dict[str, Any]) -> None:
        for name in self._JSON_SLOTS:
            value = data[name]
            value = [int(x) for x in value] if isinstance(value, list) else int(value)
            setattr(self, name, value)
        if len(self.b) != STRIDE * self.num_players:
            raise ValueError("board data has the wrong length")
        self.deciding = self.recompute_deciding()
