"""Events: typed records of what happened, each with a per-player version.

A game emits full events; :meth:`Event.for_player` gives what one seat (or, with
``None``, a spectator) may see of it. Logs and network frames are built only from those
versions, so they cannot leak.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Base of all events. Public by default: every seat sees the same event."""

    json_type = True

    def for_player(self, player: int | None) -> Event | None:
        """This event as ``player`` sees it (``None``: a spectator); ``None`` hides it."""
        return self
