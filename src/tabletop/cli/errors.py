"""How every command reports bad input: one line ``error: ...`` on stderr, exit code 2.

Commands run their body inside :func:`reported_errors`, so a bad game name, bot spec,
player count, option or file never ends in a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from tabletop.core.errors import TabletopError

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


class CliError(Exception):
    """Bad command-line input found by the CLI itself (not by the engine)."""


def fail(message: str) -> NoReturn:
    raise CliError(message)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn the platform's input errors into one ``error:`` line and exit code 2."""
    try:
        yield
    except (CliError, TabletopError) as exc:
        message = " ".join(str(exc).split())
        typer.echo(f"error: {message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
