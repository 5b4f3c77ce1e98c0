"""Which worker plays each table: its *owner* commits its actions and runs its bots.

With several workers, every worker keeps a copy of the tables its clients use, but only
one of them, the table's owner, decides what happens at it. It alone commits the
table's actions, so two workers never race for the same sequence number (each race
cost the loser a refused commit, a read and a retry, and a player hundreds of
milliseconds), and it alone runs the table's bots and clock, so they never play twice.
The other workers forward their clients' actions to the owner over the bus and hear
the outcome like any other news.

Ownership is a lease in Redis, ``tabletop:owner:<table>``, taken by the first worker
that needs the table (``SET NX``) and renewed by it while it runs. If that worker dies,
its leases run out and the next worker that needs one of its tables (a client's
action, or the periodic look at the tables it holds) takes it over, reads whatever the
old owner committed, and plays on. A single process owns every table and needs none
of this.
"""

from __future__ import annotations

import time
from typing import Any

from tabletop.server.pubsub import Bus, RedisBus

KEY = "tabletop:owner:"

_RENEW = """
local kept = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    kept[#kept + 1] = i
  end
end
return kept
"""
"""Extend the leases this worker still holds; the (1-based) indexes of those kept."""


class SoleOwner:
    """One process: it owns every table."""

    worker = "local"

    def owns(self, table_id: str) -> bool:
        return True

    async def claim(self, table_id: str, fresh: bool = False) -> str:
        return self.worker

    def forget(self, table_id: str) -> None:
        return None

    async def renew(self, table_ids: list[str]) -> list[str]:
        return []

    async def take_free(self, table_ids: list[str]) -> list[str]:
        return []


class RedisOwners:
    """Table leases in Redis for the worker ``worker``."""

    def __init__(self, redis: Any, worker: str, lease: float) -> None:
        self.redis = redis
        self.worker = worker
        self.lease = lease
        self._mine: set[str] = set()
        self._others: dict[str, tuple[str, float]] = {}
        """Tables another worker owns: that worker, and until when to believe it."""
        self._renew = redis.register_script(_RENEW)

    def owns(self, table_id: str) -> bool:
        return table_id in self._mine

    async def claim(self, table_id: str, fresh: bool = False) -> str:
        """The worker that owns ``table_id``, taking the lease if nobody holds it.

        Another worker's ownership is remembered for a third of a lease (it may die);
        ``fresh`` asks Redis again at once.
        """
        if table_id in self._mine:
            return self.worker
        known = self._others.get(table_id)
        if known is not None and not fresh and known[1] > time.monotonic():
            return known[0]
        key = KEY + table_id
        for _ in range(3):  # a lease may run out between the SET and the GET
            if await self.redis.set(key, self.worker, nx=True, px=int(self.lease * 1000)):
                self._mine.add(table_id)
                self._others.pop(table_id, None)
                return self.worker
            held = await self.redis.get(key)
            if held is not None:
                owner = bytes(held).decode()
                if owner == self.worker:  # ours from before a lost renewal
                    self._mine.add(table_id)
                else:
                    self._others[table_id] = (owner, time.monotonic() + self.lease / 3)
                return owner
        raise RuntimeError(f"could not find or take the owner of table {table_id}")

    def forget(self, table_id: str) -> None:
        """Stop believing another worker owns ``table_id`` (it did not answer, or moved)."""
        self._others.pop(table_id, None)

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Extend the leases of ``table_ids`` (the unfinished tables this worker holds) that
        are ours; the ones that turned out not to be ours any more (dropped)."""
        ids = [t for t in table_ids if t in self._mine]
        self._mine.intersection_update(table_ids)  # tables we no longer hold
        if not ids:
            return []
        kept = await self._renew(
            keys=[KEY + t for t in ids], args=[self.worker, int(self.lease * 1000)]
        )
        kept_ids = {ids[int(i) - 1] for i in kept}
        lost = [t for t in ids if t not in kept_ids]
        self._mine.difference_update(lost)
        return lost

    async def take_free(self, table_ids: list[str]) -> list[str]:
        """Take every lease of these tables that nobody holds (one round trip); those taken."""
        if not table_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.set(KEY + table_id, self.worker, nx=True, px=int(self.lease * 1000))
            taken = [t for t, ok in zip(table_ids, await pipe.execute(), strict=True) if ok]
        self._mine.update(taken)
        for table_id in taken:
            self._others.pop(table_id, None)
        return taken


Owners = SoleOwner | RedisOwners


def make_owners(bus: Bus, lease: float) -> Owners:
    """Leases in the bus's Redis for several workers; one process owns everything."""
    return RedisOwners(bus.redis, bus.worker, lease) if isinstance(bus, RedisBus) else SoleOwner()
