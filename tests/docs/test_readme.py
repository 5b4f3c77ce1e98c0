"""The README's quick start runs as written (design guide, "Docs that run")."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
TABLETOP = str(Path(sys.executable).parent / "tabletop")


def _section(title: str) -> str:
    start = README.index(f"## {title}")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def _blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_readme_has_exactly_the_two_setup_commands() -> None:
    (block,) = _blocks(_section("Set up"), "bash")
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["scripts/play", "scripts/test"]
    for script in commands:
        assert (ROOT / script).stat().st_mode & 0o111, f"{script} is not executable"
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text()


def test_quick_start_python_runs() -> None:
    (code,) = _blocks(_section("Quick start"), "python")
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    state = namespace["state"]
    assert state.view(1).my_declaration is None  # type: ignore[attr-defined]


@pytest.mark.slow  # over 3 s: the full suite runs it, the fast tier does not
def test_quick_start_commands_run(tmp_path: Path) -> None:
    """Each quick start command, with a bot for the human seat and small sizes."""
    (block,) = _blocks(_section("Quick start"), "bash")
    block = block.replace("\\\n", " ")
    commands = [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]
    assert [c[1] for c in commands] == ["play", "replay", "simulate", "bench"]
    for argv in commands:
        argv = [TABLETOP, *argv[1:]]
        argv = [a.replace("human,", "random,") for a in argv]
        argv = [str(tmp_path / a) if a.endswith(".json") else a for a in argv]
        if "simulate" in argv:
            argv[argv.index("--games") + 1] = "2"
        if "bench" in argv:
            argv += ["--seconds", "0.05"]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert done.returncode == 0, f"{argv}: {done.stderr}"
        if "--json" in argv:
            json.loads(done.stdout)


def test_every_relative_link_in_the_readme_exists() -> None:
    targets = re.findall(r"\]\(([^)#]+)\)", README)
    local = [t for t in targets if "://" not in t]
    assert any(t.endswith(".png") for t in local)
    missing = [t for t in local if not (ROOT / t).exists()]
    assert missing == []
