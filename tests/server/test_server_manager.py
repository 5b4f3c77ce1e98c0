"""The table manager's two protections for the tables already playing: set-ups wait
their turn, and the safety-net catch-up leaves alone what the bus is still telling."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path

import pytest

from tabletop.server.config import ServerConfig
from tabletop.server.manager import SETUP_AT_ONCE, SeatSpec, TableManager
from tabletop.server.owners import SoleOwner
from tabletop.server.pubsub import LocalBus
from tabletop.server.services import Services
from tabletop.server.store import Store
from tabletop.server.writer import Writer


class _SlowClaims(SoleOwner):
    """Claims that take a moment (a Redis round trip); counts how many run at once."""

    def __init__(self) -> None:
        self.now = self.most = 0

    async def claim(self, table_id: str, fresh: bool = False) -> str:
        self.now += 1
        self.most = max(self.most, self.now)
        await asyncio.sleep(0.01)
        self.now -= 1
        return self.worker


def test_at_most_a_few_table_set_ups_run_at_once(tmp_path: Path) -> None:
    """Twelve tables created in the same instant: at most SETUP_AT_ONCE are being set
    up at any moment, and every one of them is made."""

    async def scenario() -> tuple[int, int]:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        writer = Writer(store, inline=True)
        writer.start()
        owners = _SlowClaims()
        manager = TableManager(Services(ServerConfig(), store, writer, LocalBus(), owners))
        made = await asyncio.gather(
            *(
                manager.create("code-of-nine", 3, {}, [SeatSpec("open")] * 3, k, None)
                for k in range(12)
            )
        )
        await writer.close()
        store.close()
        return owners.most, len({t.id for t, _ in made})

    most, made = asyncio.run(scenario())
    assert made == 12
    assert most == SETUP_AT_ONCE


class _Done(BaseException):
    """Ends the endless sync loop after the scripted rounds."""


class _ScriptedStore(Store):
    """``last_seqs`` answers each round from a script, then ends the loop."""

    def __init__(self, url: str, rounds: list[dict[str, int]]) -> None:
        super().__init__(url)
        self.rounds = rounds
        self.asked = 0

    def last_seqs(self, table_ids: Iterable[str]) -> dict[str, int]:
        if self.asked == len(self.rounds):
            raise _Done
        self.asked += 1
        return self.rounds[self.asked - 1]


class _Table:
    """What sync_forever reads of a live table; catching up records the round."""

    def __init__(
        self, table_id: str, seq: int, store: _ScriptedStore, caught: list[tuple[int, str]]
    ) -> None:
        self.id = table_id
        self.seq = seq
        self.audience = [object()]
        self.over = False
        self._store = store
        self._caught = caught

    async def catch_up(self) -> None:
        self._caught.append((self._store.asked, self.id))
        self.seq = self._store.rounds[self._store.asked - 1][self.id]


def test_the_safety_net_catches_up_only_tables_behind_the_previous_round(
    tmp_path: Path,
) -> None:
    """Round 1 only notes the database's figures. Round 2: table b is still behind what
    round 1 found (the bus lost its news) and catches up; table a is behind only what
    round 2 finds (its news may be on the bus) and is left alone. Round 3: a is still
    behind, so now it catches up."""

    async def scenario() -> list[tuple[int, str]]:
        rounds = [{"a": 5, "b": 3}, {"a": 7, "b": 3}, {"a": 7, "b": 3}]
        store = _ScriptedStore(f"sqlite:///{tmp_path / 'db.sqlite3'}", rounds)
        manager = TableManager(
            Services(ServerConfig(), store, Writer(store, inline=True), LocalBus(), SoleOwner())
        )
        caught: list[tuple[int, str]] = []
        manager.tables = {  # type: ignore[dict-item]
            "a": _Table("a", 5, store, caught),
            "b": _Table("b", 2, store, caught),
        }
        with pytest.raises(_Done):
            await manager.sync_forever(every=0.001)
        store.close()
        return caught

    assert asyncio.run(scenario()) == [(2, "b"), (3, "a")]
