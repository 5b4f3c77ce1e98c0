"""Seat tokens and rate limits.

A seat token is a long random secret (``secrets.token_urlsafe``). The server keeps only
its SHA-256 digest, so a leaked database does not leak live tokens, and compares digests
with ``hmac.compare_digest`` so the comparison takes the same time whatever matches.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh seat token: 32 random bytes, URL-safe text (43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: object, digest: str | None) -> bool:
    """Whether ``token`` is the secret behind ``digest``, in constant time."""
    if digest is None or not isinstance(token, str):
        return False
    return hmac.compare_digest(token_digest(token), digest)


def new_table_id() -> str:
    """A table id: random, so table ids cannot be enumerated."""
    return secrets.token_hex(8)


def new_seed() -> int:
    """A secret 63-bit seed for a table whose creator did not choose one."""
    return secrets.randbits(63)


class TokenBucket:
    """Allows ``rate`` events a second on average, with bursts of up to ``burst``."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class RateLimiter:
    """One token bucket per key (a client address), forgetting idle keys."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._buckets.clear()
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()
