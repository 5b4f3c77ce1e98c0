"""The compiled engine (mypyc, built at install) agrees with its Python sources.

``tabletop.compiled`` lists the modules built; the Python sources are the reference.
Here the same seeded random games are played in this process (compiled when built)
and in a subprocess forced onto the sources, and every step must match: who decides,
the legal ids, the events each seat sees, the views, the JSON and the final result.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop import compiled
from tabletop.core.state import State

GAMES = (("wicked-labyrinth", (3, 4, 5)), ("code-of-nine", (3, 4)))
SEEDS_PER_COUNT = 4


def _trace(name: str, players: int, seed: int) -> str:
    """A digest of everything observable about one seeded random game."""
    state: State = tabletop.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def feed(value: object) -> None:
        digest.update(repr(value).encode())

    while not state.is_terminal():
        feed(state.current_players())
        for p in state.current_players():
            legal = list(state.legal_action_ids(p))
            feed(legal)
            events = state.apply(p, legal[rng.randrange(len(legal))])
            feed([e.for_player(q) for e in events for q in range(players)])
            if not state.current_players() or rng.random() < 0.1:
                feed([state.view(q) for q in range(players)])
                feed(state.spectator_view())
                feed(json.dumps(state.to_json(), sort_keys=True))
            if state.is_terminal():
                break
    feed(state.result())
    clone = state.clone()
    feed(json.dumps(clone.to_json(), sort_keys=True))
    return digest.hexdigest()


def traces() -> dict[str, str]:
    return {
        f"{name}/{players}/{seed}": _trace(name, players, seed)
        for name, counts in GAMES
        for players in counts
        for seed in range(SEEDS_PER_COUNT)
    }


def test_the_install_built_the_compiled_engine() -> None:
    """The test command installs with compilation; a stale or missing build fails here."""
    if compiled.pure_requested():
        assert not compiled.ACTIVE
        return
    assert compiled.stale_modules() == []
    assert compiled.ACTIVE, "compiled modules missing: run `source scripts/setup.sh`"
    from tabletop.games.wicked_labyrinth import state

    assert not state.__file__.endswith(".py")
    assert all(compiled.native(m) for m in compiled.NATIVE)


def test_a_c_extension_older_than_its_source_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand-written extension built before its ``.c`` changed would run old rules."""
    built, source = tmp_path / "built.so", tmp_path / "native.c"
    for age, path in enumerate((built, source)):
        path.write_text("")
        os.utime(path, (1000 + age, 1000 + age))
    monkeypatch.setattr(compiled, "GENERIC_INCLUDE", ())  # the real headers are newer
    monkeypatch.setattr(
        compiled, "_extension", lambda module: built if module in compiled.NATIVE else None
    )
    real_source = compiled._source
    monkeypatch.setattr(
        compiled,
        "_source",
        lambda module: source if module in compiled.NATIVE else real_source(module),
    )
    monkeypatch.setattr(compiled, "pure_requested", lambda: False)
    assert compiled.stale_modules() == list(compiled.NATIVE)
    assert compiled.needs_build()
    os.utime(source, (900, 900))
    assert compiled.stale_modules() == []


def test_a_header_beside_a_c_extension_newer_than_its_build_makes_it_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A C extension includes the headers beside it: a change to one alone must rebuild
    it, or it would run the old code."""
    built, source, header = tmp_path / "built.so", tmp_path / "native.c", tmp_path / "_glue.h"
    for path, when in ((source, 900), (built, 1000), (header, 1100)):
        path.write_text("")
        os.utime(path, (when, when))
    monkeypatch.setattr(compiled, "GENERIC_INCLUDE", ())  # the real headers are newer
    monkeypatch.setattr(
        compiled, "_extension", lambda module: built if module in compiled.NATIVE else None
    )
    real_source = compiled._source
    monkeypatch.setattr(
        compiled,
        "_source",
        lambda module: source if module in compiled.NATIVE else real_source(module),
    )
    assert compiled.stale_modules() == list(compiled.NATIVE)
    os.utime(header, (950, 950))
    assert compiled.stale_modules() == []


def test_a_shared_header_newer_than_the_builds_makes_every_c_extension_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game's engine includes ``rl/native/_tables.h`` and its packer
    ``core/lookup/_rows.h``, from folders of their own (``GENERIC_INCLUDE``): a change
    to one alone must rebuild them all."""
    folder, shared = tmp_path / "game", tmp_path / "shared"
    folder.mkdir()
    shared.mkdir()
    built, source, header = tmp_path / "built.so", folder / "native.c", shared / "_glue.h"
    for path, when in ((source, 900), (built, 1000), (header, 1100)):
        path.write_text("")
        os.utime(path, (when, when))
    assert compiled.GENERIC_INCLUDE == ("tabletop/core/lookup", "tabletop/rl/native")
    monkeypatch.setattr(compiled, "GENERIC_INCLUDE", (str(shared),))
    monkeypatch.setattr(
        compiled, "_extension", lambda module: built if module in compiled.NATIVE else None
    )
    real_source = compiled._source
    monkeypatch.setattr(
        compiled,
        "_source",
        lambda module: source if module in compiled.NATIVE else real_source(module),
    )
    assert compiled.stale_modules() == list(compiled.NATIVE)
    os.utime(header, (950, 950))
    assert compiled.stale_modules() == []


def test_pure_python_never_imports_a_c_extension() -> None:
    """With the sources forced (stale build or ``TABLETOP_PURE_PYTHON``), the bots'
    planner is the Python one and the C module cannot be imported at all."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    code = (
        "import importlib, tabletop.compiled as c; "
        "from tabletop.games.wicked_labyrinth.bots.processing_planner import ProcessingPlanner; "
        "from tabletop.games.wicked_labyrinth.bots.valuation import Weights; "
        "from tabletop.games.wicked_labyrinth import GAME\n"
        "print(type(ProcessingPlanner(GAME.new_game(3, 1).cards, Weights())._search).__name__)\n"
        "for m in c.NATIVE:\n"
        "    try:\n"
        "        importlib.import_module(m)\n"
        "    except ModuleNotFoundError:\n"
        "        print('refused')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["ReferencePlanner"] + ["refused"] * len(compiled.NATIVE)


def test_compiled_and_pure_python_play_alike() -> None:
    env = {**os.environ, compiled.PURE_ENV: "1"}
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "import test_compiled as t, tabletop.compiled as c; "
        "print(json.dumps({'active': c.ACTIVE, 'traces': t.traces()}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    pure = json.loads(out.stdout)
    assert pure["active"] is False
    assert traces() == pure["traces"]


def test_a_change_to_an_inlined_module_makes_every_compiled_module_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mypyc writes the ``Final`` numbers of :data:`compiled.INLINED` into the compiled
    code, so an edit there must rebuild everything, not only an edit of a module itself."""
    assert not set(compiled.INLINED) & set(compiled.MODULES)
    built, source, inlined = (tmp_path / name for name in ("built.so", "mod.py", "consts.py"))
    for age, path in enumerate((source, built, inlined)):
        path.write_text("")
        os.utime(path, (1000 + age, 1000 + age))
    monkeypatch.setattr(compiled, "GENERIC_INCLUDE", ())  # the real headers are newer
    monkeypatch.setattr(compiled, "_extension", lambda module: built)
    sources = {m: source for m in compiled.MODULES + compiled.NATIVE}
    monkeypatch.setattr(compiled, "_source", lambda module: sources.get(module, inlined))
    # The C extensions write no Python numbers in: only their own source dates them.
    assert compiled.stale_modules() == list(compiled.MODULES)
    os.utime(inlined, (900, 900))
    assert compiled.stale_modules() == []
