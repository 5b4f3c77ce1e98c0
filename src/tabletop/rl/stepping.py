"""The batched env's loops over tables, compiled with mypyc (``tabletop.compiled``).

:class:`~tabletop.rl.vector.VectorEnv` steps every table and asks each deciding seat
for its legal actions at every step. Run by the interpreter, the loop itself (a method
call, a tuple and a dictionary look-up per seat) cost as much as the engine's decision
it drives; compiled, it calls the compiled engine directly. Plain lists and integers
only, no NumPy: the env turns the results into arrays once per step for all tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.state import State


def apply_every_seat(states: Sequence[State], actions: list[list[int]], ended: list[int]) -> None:
    """Every deciding seat of table ``t`` plays ``actions[t][seat]`` (legal: checked by
    the env against the masks); the tables whose game ended are appended to ``ended``."""
    for t in range(len(states)):
        state = states[t]
        row = actions[t]
        for p in state.current_players():
            state.apply_unchecked(p, row[p])
        if state.is_terminal():
            ended.append(t)


def every_seat_keys(
    states: Sequence[State],
    players: int,
    known: dict[tuple[int, ...], int],
    keys: list[int],
    new: list[tuple[int, ...]],
) -> None:
    """``keys[t * players + p]``: the key of seat ``p``'s legal set at table ``t`` (0,
    the no-op alone, for a seat without a decision). See :func:`mask_key`."""
    for t in range(len(states)):
        state = states[t]
        first = t * players
        for p in range(players):
            keys[first + p] = 0
        for p in state.current_players():
            keys[first + p] = mask_key(state.legal_action_ids_unchecked(p), known, new)


def seat_keys(
    states: Sequence[State],
    seat: int,
    known: dict[tuple[int, ...], int],
    keys: list[int],
    new: list[tuple[int, ...]],
) -> None:
    """``keys[t]``: the key of ``seat``'s legal set at table ``t`` (0 for none)."""
    for t in range(len(states)):
        keys[t] = mask_key(states[t].legal_action_ids_unchecked(seat), known, new)


def mask_key(
    ids: Sequence[int], known: dict[tuple[int, ...], int], new: list[tuple[int, ...]]
) -> int:
    """The key of a legal set in ``known`` (keys count from 1; 0 is the no-op alone);
    a set met for the first time gets the next key and is appended to ``new``, whose
    mask rows the env then writes."""
    if not ids:
        return 0
    legal = tuple(ids)
    key = known.get(legal)
    if key is None:
        key = len(known) + 1
        known[legal] = key
        new.append(legal)
    return key
