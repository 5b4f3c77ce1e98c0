"""Shared helpers for the CLI tests: a runner and the app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletop.cli.app import app


class Cli:
    """Runs ``tabletop`` in-process and returns click's result object."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(app, list(args), input=input)


@pytest.fixture
def cli() -> Cli:
    return Cli()
