"""Code of Nine's state machine: setup, five rounds of placement, follow-ups, the end.

Setup chance (the deal, the re-deal after the change, the ghost's cards, the ninth
memory) is drawn card by card from the deck by the state's generator; with
``auto_chance=False`` each draw is an explicit chance node whose outcome is a card index.
The change of memory cards is one sealed decision of all players at once (rulings,
"Turn structure"); the Abyss choices, placement and every sub-choice are one player's
decisions in turn; location effects are in ``effects.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Self, cast

from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import effects
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import (
    GHOST,
    HOLDERS,
    PAWNS,
    ROUNDS,
    START_WILL,
    Item,
    Slot,
)
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    CARD,
    CHANGED,
    CHOSE_CHANGE,
    CHOSE_KEEP,
    ITEMS,
    KNOWS,
    LOOKS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
    know_bit,
)
from tabletop.games.code_of_nine.layout import (
    PAWNS as PAWNS_SLOT,
)
from tabletop.games.code_of_nine.locations import ANY_NUMBER, LOCATION_IDS, Board
from tabletop.games.code_of_nine.memory_cards import MemoryCardSet
from tabletop.games.code_of_nine.scoring import ScoreSheet, quantities, score

COMMUNE = LOCATION_IDS.index("commune")
ENDED = LOCATION_IDS.index("ended")
SEAT_SHIFT: Final = 8
"""``spots[i]``: pawns on location i this round, plus a seat mask shifted by this."""


# The phases as plain integers: compiled, a comparison with one is a machine
# instruction, where one with a ``Phase`` member is a Python call (``is_terminal``,
# ``current_players`` and ``legal_action_ids`` run at every decision).
_DEAL: Final = int(Phase.DEAL)
_CHANGE: Final = int(Phase.CHANGE)
_REDEAL: Final = int(Phase.REDEAL)
_ASSIGN: Final = int(Phase.ASSIGN)
_GHOST: Final = int(Phase.GHOST)
_NINTH: Final = int(Phase.NINTH)
_PLACE: Final = int(Phase.PLACE)
_FOLLOW: Final = int(Phase.FOLLOW)
_OVER: Final = int(Phase.OVER)
_LEGACY: Final = int(Item.LEGACY)

_OpenRow = tuple[int, int, int, int]
_OPEN_LIMIT = 64
_OPEN: dict[tuple[int, int, bool], tuple[Board, list[list[_OpenRow]]]] = {}


def _open_locations(state: CodeOfNineState) -> list[list[_OpenRow]]:
    """Per round (index 1..ROUNDS), the locations open in it in this game mode, each as
    ``(index, places, cost, cost without a legacy or -1)``.

    Placements are listed at every decision, and reading the board's Python objects
    there cost more than the rest of a decision; the rows are plain integers, built
    once per board, player count and mode (kept by the board's identity).
    """
    board = state.board
    key = (id(board), state.num_players, state.expert)
    known = _OPEN.get(key)
    if known is not None and known[0] is board:
        return known[1]
    rounds: list[list[_OpenRow]] = [[] for _ in range(ROUNDS + 1)]
    for i, loc in enumerate(board.locations):
        if loc.expert and not state.expert:
            continue
        surcharged = -1 if loc.cost_without_legacy is None else loc.cost_without_legacy
        for r in range(max(loc.first_round, 1), min(loc.last_round, ROUNDS) + 1):
            rounds[r].append((i, loc.places, loc.cost_for(state.num_players), surcharged))
    if len(_OPEN) >= _OPEN_LIMIT:
        _OPEN.clear()
    _OPEN[key] = (board, rounds)
    return rounds


class CodeOfNineState(State):
    """A game of Code of Nine for 3 (with the ghost) or 4 players."""

    __slots__ = (
        "board",
        "cards",
        "expert",
        "b",
        "ruins",
        "spots",
        "phase",
        "round",
        "start",
        "turn",
        "pending",
        "deck",
        "dealt",
        "ninth",
        "released",
        "rounds",
        "pawns",
        "_final_sheet",
    )

    board: Board
    cards: MemoryCardSet
    expert: bool
    b: list[int]
    ruins: list[int]
    spots: list[int]
    phase: int
    round: int
    start: int
    turn: int
    pending: list[int]
    deck: list[int]
    dealt: int
    ninth: int
    released: int
    rounds: int
    """Rounds in this game: ``ROUNDS`` but in a research configuration (game options)."""
    pawns: int
    """Action pawns a player places a round: ``PAWNS`` but in a research configuration."""
    _final_sheet: ScoreSheet | None
    """The ended game's sheet once asked for (:meth:`score_sheet`)."""

    def setup(
        self,
        board: Board,
        cards: MemoryCardSet,
        expert: bool,
        rounds: int = ROUNDS,
        pawns: int = PAWNS,
    ) -> None:
        """Setup steps 2-4; the deal (step 5) begins as chance. ``rounds`` and ``pawns``
        are the published game's but in a research configuration (``game.py``)."""
        self._final_sheet = None
        self.rounds = rounds
        self.pawns = pawns
        self.board = board
        self.cards = cards
        self.expert = expert
        self.b = [0] * (STRIDE * HOLDERS)
        for h in range(HOLDERS):
            o = h * STRIDE
            self.b[o + CARD] = self.b[o + CARD + 1] = -1
            if h < self.num_players:
                self.b[o + WILL] = START_WILL[h]
                self.b[o + PAWNS_SLOT] = pawns
        self.ruins = list(board.supply)
        if not expert:
            self.ruins[Item.MEDAL] = 0
        self.spots = [0] * len(LOCATION_IDS)
        self.phase = _DEAL
        self.round = 1
        self.start = 0
        self.turn = 0
        self.pending = []
        self.deck = list(cards.in_game(expert))
        self.dealt = 0
        self.ninth = -1
        self.released = 0

    @property
    def has_ghost(self) -> bool:
        return self.num_players == 3

    # ---------------------------------------------------------------- small reads

    def item(self, holder: int, item: int) -> int:
        return self.b[holder * STRIDE + ITEMS + item]

    def will(self, holder: int) -> int:
        return self.b[holder * STRIDE + WILL]

    def card(self, holder: int, slot: int) -> int:
        return self.b[holder * STRIDE + CARD + slot]

    def treasures(self, holder: int) -> int:
        o = holder * STRIDE + ITEMS
        return self.b[o] + self.b[o + 1] + self.b[o + 2]

    def others(self, player: int) -> list[int]:
        """Every holder but ``player``: the other players and, with 3 players, the ghost."""
        return [h for h in range(HOLDERS) if h != player]

    def location_cost(self, player: int, loc: int) -> int:
        location = self.board.locations[loc]
        if location.cost_without_legacy is not None and not self.item(player, Item.LEGACY):
            return location.cost_without_legacy
        return location.cost_for(self.num_players)

    # ---------------------------------------------------------------- who decides

    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (_ASSIGN, _PLACE, _FOLLOW):
            return (self.turn,)
        if phase == _CHANGE:
            return self.undecided()
        return ()

    def decision_key(self, player: int) -> tuple[int, int]:
        """A placement and its location's follow-ups are one decision (the turn of
        section "Placement": place a pawn, then do what the location says); every other
        step is a decision of its own. The key of a turn is the step number of its
        placement."""
        if self.phase != _FOLLOW:
            return (0, len(self.history))
        history = self.history
        for i in range(len(history) - 1, -1, -1):
            seat, action_id = history[i]
            if seat == player and A.PLACE_BASE <= action_id < A.TARGET_BASE:
                return (0, i)
        return (0, len(history))

    def undecided(self) -> tuple[int, ...]:
        """Players who have not yet made the sealed change decision."""
        b = self.b
        return tuple(p for p in range(self.num_players) if not b[p * STRIDE + CHANGED])

    def sealed_decision(self) -> bool:
        """The change of memory cards is a closed hand, opened when all are in."""
        return self.phase == _CHANGE

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def legal_action_ids_unchecked(self, player: int) -> Sequence[int]:
        phase = self.phase
        if phase == _CHANGE:
            return () if self.b[player * STRIDE + CHANGED] else (A.CHANGE, A.KEEP)
        if player != self.turn or phase not in (_ASSIGN, _PLACE, _FOLLOW):
            return ()
        if phase == _PLACE:
            return self.placements(player)
        if phase == _FOLLOW:
            return effects.follow_legal(self, player)
        o = player * STRIDE + CARD
        return tuple(sorted((A.ABYSS_BASE + self.b[o], A.ABYSS_BASE + self.b[o + 1])))

    def placements(self, player: int) -> list[int]:
        """Locations open to ``player`` now: round, game mode, a free place, the cost."""
        out = []
        o = player * STRIDE
        will = self.b[o + WILL]
        legacy = self.b[o + ITEMS + _LEGACY]
        bit = 1 << (player + SEAT_SHIFT)
        spots = self.spots
        for i, places, cost, surcharged in _open_locations(self)[self.round]:
            spot = spots[i]
            if places != ANY_NUMBER and (spot & 0xFF) >= places:
                continue
            if i == ENDED and spot & bit:
                continue
            if (cost if legacy or surcharged < 0 else surcharged) > will:
                continue
            out.append(A.PLACE_BASE + i)
        return out

    def why_illegal(self, player: int, action_id: int) -> str:
        phase = self.phase
        if phase == _CHANGE:
            return "the player must say whether they change their memory cards (change or keep)"
        if phase in (_ASSIGN, _PLACE, _FOLLOW) and player != self.turn:
            return "it is another player's turn"
        if phase == _ASSIGN:
            return "the player must choose which of their two cards goes to the Abyss (abyss:N)"
        if phase == _FOLLOW:
            where = LOCATION_IDS[self.pending[0]]
            return f"the player must finish resolving {where}: {effects.step_hint(self)}"
        if not A.PLACE_BASE <= action_id < A.TARGET_BASE:
            return "the player must place an action pawn on a location"
        i = action_id - A.PLACE_BASE
        loc = self.board.locations[i]
        if loc.expert and not self.expert:
            return f"{loc.name} is used only in the expert game"
        if not loc.open_in(self.round):
            return f"{loc.name} is open in rounds {loc.sections}, not in round {self.round}"
        if i == ENDED and self.spots[i] & (1 << (player + SEAT_SHIFT)):
            return f"a player may not place twice on {loc.name} in one round"
        if self.location_cost(player, i) > self.will(player):
            cost = self.location_cost(player, i)
            return f"{loc.name} costs {cost} Will; the player has {self.will(player)}"
        return f"{loc.name} has no free place"

    # ---------------------------------------------------------------- chance (setup)

    def is_chance_node(self) -> bool:
        return self.phase in (_DEAL, _REDEAL, _GHOST, _NINTH)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        p = 1.0 / len(self.deck)
        return [(c, p) for c in sorted(self.deck)]

    def _sample_chance(self) -> int:
        return self.rng.choice(self.deck)

    def _deal_target(self) -> tuple[int, int]:
        """(holder, slot) that the next card drawn goes to."""
        k = self.dealt
        if self.phase == _DEAL:
            return k // 2, k % 2
        if self.phase == _REDEAL:
            changers = [p for p in range(self.num_players) if self.b[p * STRIDE + CHANGED]]
            return changers[k // 2], k % 2
        return GHOST, k

    def _apply_chance(self, outcome: int) -> None:
        self.deck.remove(outcome)
        if self.phase == _NINTH:
            self.ninth = outcome
            if self._events is not None:
                self._emit(E.NinthMemoryRevealed(self.cards.cards[outcome].number))
            self._begin_play()
            return
        holder, slot = self._deal_target()
        self.b[holder * STRIDE + CARD + slot] = outcome
        self.dealt += 1
        if slot == 1 and self._events is not None:
            nums = (self._number(holder, 0), self._number(holder, 1))
            if self.phase == _GHOST:
                self._emit(E.CardsDealt(holder, nums))
                self._emit(E.CardsPlaced(holder, nums[0], nums[1]))
            else:
                self._emit(E.CardsDealt(holder, nums))
        phase = self.phase
        if phase == _DEAL and self.dealt == 2 * self.num_players:
            self.phase, self.dealt = _CHANGE, 0
        elif phase == _REDEAL and self.dealt == 2 * self._changers():
            self._begin_assign()
        elif phase == _GHOST and self.dealt == 2:
            self._after_ghost()

    def _number(self, holder: int, slot: int) -> int:
        return self.cards.cards[self.card(holder, slot)].number

    def _changers(self) -> int:
        return sum(self.b[p * STRIDE + CHANGED] for p in range(self.num_players))

    def _begin_assign(self) -> None:
        self.phase, self.turn, self.dealt = _ASSIGN, self.start, 0

    def _after_ghost(self) -> None:
        self.dealt = 0
        if self.expert:
            self.phase = _NINTH
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        self.phase = _PLACE
        self.turn = self.start

    # ---------------------------------------------------------------- applying

    def _apply(self, player: int, action_id: int) -> None:
        phase = self.phase
        if phase == _PLACE:
            effects.place(self, player, action_id - A.PLACE_BASE)
        elif phase == _FOLLOW:
            effects.follow(self, player, action_id)
        elif phase == _CHANGE:
            self._change(player, action_id == A.CHANGE)
        else:
            self._assign(player, action_id - A.ABYSS_BASE)

    def _change(self, player: int, change: bool) -> None:
        """Setup step 5, one sealed decision (rulings, "Turn structure"): each player
        commits in secret; when all are in, the choices are revealed together, changers
        pay a pawn, and their cards go back to the deck to be re-dealt to them."""
        self.b[player * STRIDE + CHANGED] = CHOSE_CHANGE if change else CHOSE_KEEP
        if self._events is not None:
            self._emit(E.ChangeCommitted(player, change))
        if self.undecided():
            return
        for p in range(self.num_players):
            q = p * STRIDE
            changed = self.b[q + CHANGED] == CHOSE_CHANGE
            self.b[q + CHANGED] = int(changed)
            if self._events is not None:
                self._emit(E.CardsChanged(p, changed))
            if changed:
                self.b[q + PAWNS_SLOT] -= 1
                self.deck += [self.b[q + CARD], self.b[q + CARD + 1]]
                self.b[q + CARD] = self.b[q + CARD + 1] = -1
        if self._changers():
            self.phase, self.dealt = _REDEAL, 0
        else:
            self._begin_assign()

    def _assign(self, player: int, card: int) -> None:
        """Setup step 6: the chosen card to the Abyss, the other to the Shoal (secret)."""
        o = player * STRIDE + CARD
        if self.b[o] != card:
            self.b[o], self.b[o + 1] = self.b[o + 1], self.b[o]
        if self._events is not None:
            self._emit(E.CardsPlaced(player, self._number(player, 0), self._number(player, 1)))
        nxt = (player + 1) % self.num_players
        if nxt != self.start:
            self.turn = nxt
        elif self.has_ghost:
            self.phase, self.dealt = _GHOST, 0
        else:
            self._after_ghost()

    # ---------------------------------------------------------------- primitives for effects

    def gain(self, holder: int, item: int, count: int) -> int:
        """Take up to ``count`` of ``item`` from the Ruins ("if any left"); returns how many."""
        got = min(count, self.ruins[item])
        if got:
            self.ruins[item] -= got
            self.b[holder * STRIDE + ITEMS + item] += got
            if self._events is not None:
                self._emit(E.ItemMoved(Item(item), got, None, holder))
        return got

    def give_back(self, holder: int, item: int) -> None:
        self.b[holder * STRIDE + ITEMS + item] -= 1
        self.ruins[item] += 1
        if self._events is not None:
            self._emit(E.ItemMoved(Item(item), 1, holder, None))

    def move(self, giver: int, receiver: int, item: int) -> None:
        self.b[giver * STRIDE + ITEMS + item] -= 1
        self.b[receiver * STRIDE + ITEMS + item] += 1
        if self._events is not None:
            self._emit(E.ItemMoved(Item(item), 1, giver, receiver))

    def add_will(self, holder: int, amount: int) -> None:
        if amount:
            self.b[holder * STRIDE + WILL] += amount
            if self._events is not None:
                self._emit(E.WillGained(holder, amount))

    def attack_blocked(self, player: int, target: int, loc: int) -> bool:
        """The Hidden Village: an attack on a protected other player has no effect on them."""
        if target != player and self.b[target * STRIDE + PROTECT] & ATTACKS:
            if self._events is not None:
                self._emit(E.AttackBlocked(player, target, LOCATION_IDS[loc]))
            return True
        return False

    def look(self, looker: int, owner: int, slot: int, attack: bool) -> None:
        """A look at ``owner``'s card: knowledge for the looker only, unless protected."""
        protect = self.b[owner * STRIDE + PROTECT]
        blocked = bool(protect & LOOKS or (attack and protect & ATTACKS))
        if not blocked:
            self.b[looker * STRIDE + KNOWS] |= know_bit(owner, slot)
        if self._events is not None:
            card = None if blocked else self._number(owner, slot)
            self._emit(E.CardLooked(looker, owner, Slot(slot), card, blocked))

    def protect(self, player: int, against: int) -> None:
        self.b[player * STRIDE + PROTECT] |= against
        if self._events is not None:
            self._emit(E.Protected(player, "looks" if against == LOOKS else "attacks"))

    def take_start_marker(self, player: int) -> None:
        if self.start != player:
            self.start = player
            if self._events is not None:
                self._emit(E.StartPlayerTaken(player))

    def exchange_ninth(self, player: int, slot: int) -> None:
        """Crossroads: the ninth memory (public) becomes this card, seen by everyone."""
        o = player * STRIDE + CARD + slot
        self.b[o], self.ninth = self.ninth, self.b[o]
        bit = know_bit(player, slot)
        for p in range(self.num_players):
            if p != player:
                self.b[p * STRIDE + KNOWS] |= bit
        if self._events is not None:
            number = self.cards.cards[self.ninth].number
            self._emit(E.NinthMemoryExchanged(player, Slot(slot), number))

    # ---------------------------------------------------------------- turn order

    def end_turn(self) -> None:
        """After a placement is resolved: the next player clockwise with pawns, or round end."""
        self.pending = []
        self.phase = _PLACE
        n = self.num_players
        for k in range(1, n + 1):
            p = (self.turn + k) % n
            if self.b[p * STRIDE + PAWNS_SLOT]:
                self.turn = p
                return
        self._end_round()

    def _end_round(self) -> None:
        """End-of-round effects, then protections end, pawns return, the round advances."""
        effects.end_of_round(self)
        if self.released:
            self._finish()
            return
        if self._events is not None:
            self._emit(E.RoundEnded(self.round))
        for h in range(HOLDERS):
            o = h * STRIDE
            self.b[o + PROTECT] = 0
            if h < self.num_players:
                self.b[o + PAWNS_SLOT] = self.pawns
        self.spots = [0] * len(LOCATION_IDS)
        if self.round == self.rounds:
            self._finish()
            return
        self.round += 1
        self.turn = self.start

    def _finish(self) -> None:
        self.phase = _OVER
        self.pending = []
        if self._events is not None:
            sheet = self.score_sheet()
            result = self.result()
            self._emit(
                E.GameEnded(
                    sheet.scores,
                    result.winners,
                    sheet.eligible,
                    tuple((self._number(h, 0), self._number(h, 1)) for h in self.holders()),
                )
            )

    # ---------------------------------------------------------------- results

    def holders(self) -> range:
        """Holders in play: the players and, with 3 players, the ghost."""
        return range(HOLDERS)

    def cards_in_play(self) -> list[int]:
        return [self.card(h, s) for h in self.holders() for s in (0, 1)]

    def score_sheet(self, card_indices: Sequence[int] | None = None) -> ScoreSheet:
        """Scores of every holder with the cards in play (or ``card_indices`` instead).

        An ended game's sheet with the cards in play is kept: nothing can change it, and
        its end asks for it more than once (the result, the final observations)."""
        over = self.phase == _OVER and card_indices is None
        if over and self._final_sheet is not None:
            return self._final_sheet
        b = self.b
        counts = [
            quantities(b[h * STRIDE + ITEMS : h * STRIDE + ITEMS + 5], b[h * STRIDE + WILL])
            for h in self.holders()
        ]
        chosen = self.cards_in_play() if card_indices is None else card_indices
        cards = [self.cards.cards[i] for i in chosen]
        sheet = score(counts, cards, bool(self.released), self.board.points)
        if over:
            self._final_sheet = sheet
        return sheet

    def result(self) -> Result:
        if self.phase != _OVER:
            raise ValueError("the game is not over yet")
        sheet = self.score_sheet()
        n = self.num_players
        return Result.from_keys(
            sheet.scores[:n], [(s,) for s in sheet.scores[:n]], sheet.eligible[:n]
        )

    # ---------------------------------------------------------------- views, copies, JSON

    def _view(self, player: int) -> Any:
        from tabletop.games.code_of_nine.views import build_view

        return build_view(self, player)

    def spectator_view(self) -> Any:
        from tabletop.games.code_of_nine.views import build_view

        return build_view(self, None)

    def clone(self) -> Self:
        # Through the constructor: a compiled (mypyc) class cannot be made by __new__ alone.
        # Named when it is this class: compiled, that calls the constructor directly,
        # where calling ``type(self)`` parses its arguments like any Python call (the
        # heuristic's search clones some thirty states a decision).
        if type(self) is CodeOfNineState:
            new = cast(
                Self,
                CodeOfNineState(
                    self.game, self.num_players, self.seed, self.options, self.auto_chance
                ),
            )
        else:
            new = type(self)(self.game, self.num_players, self.seed, self.options, self.auto_chance)
        self._copy_base(new)
        new.board = self.board
        new.cards = self.cards
        new.expert = self.expert
        new.b = self.b[:]
        new.ruins = self.ruins[:]
        new.spots = self.spots[:]
        new.phase = self.phase
        new.round = self.round
        new.start = self.start
        new.turn = self.turn
        new.pending = self.pending[:]
        new.deck = self.deck[:]
        new.dealt = self.dealt
        new.ninth = self.ninth
        new.released = self.released
        new.rounds = self.rounds
        new.pawns = self.pawns
        new._final_sheet = None  # asked again if wanted: a copy may be edited (tests, tools)
        return new

    _JSON_LISTS = ("b", "ruins", "spots", "pending", "deck")
    _JSON_INTS = ("phase", "round", "start", "turn", "dealt", "ninth", "released")

    def _state_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in self._JSON_LISTS}
        out.update({name: int(getattr(self, name)) for name in self._JSON_INTS})
        return out

    def _load(self, data: dict[str, Any]) -> None:
        self._final_sheet = None
        for name in self._JSON_LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        for name in self._JSON_INTS:
            setattr(self, name, int(data[name]))
        if len(self.b) != STRIDE * HOLDERS or len(self.spots) != len(LOCATION_IDS):
            raise ValueError("board data has the wrong length")
        if len(self.ruins) != len(Item):
            raise ValueError("the Ruins have the wrong length")
        if not 0 <= self.phase <= _OVER or not 0 <= self.turn < self.num_players:
            raise ValueError("phase or turn out of range")
