"""The observation and action tables of ``docs/rl.md``, built from the code.

The docs hold exactly what these functions print (a test compares them), so the
tables cannot drift from the encoders and the action tables.
"""

from __future__ import annotations

from tabletop import game as lookup
from tabletop.encoding import encoder_for


def action_markdown(game: str) -> str:
    """The action space: the game's action table by kind, then the no-op."""
    table = lookup(game).actions
    lines = ["| ids | kind | notation | meaning |", "|---|---|---|---|"]
    start = 0
    for end in range(1, len(table) + 1):
        if end < len(table) and type(table[end]) is type(table[start]):
            continue
        kind = type(table[start])
        ids = f"{start}" if end - start == 1 else f"{start}-{end - 1}"
        notation = (
            f"`{table[start]}`" if end - start == 1 else f"`{table[start]}` .. `{table[end - 1]}`"
        )
        meaning = (kind.__doc__ or "").strip().splitlines()[0]
        lines.append(f"| {ids} | {kind.__name__} | {notation} | {meaning} |")
        start = end
    lines.append(
        f"| {len(table)} | no-op | | PettingZoo (and OpenSpiel for simultaneous games): "
        "the only action of a seat with no decision now |"
    )
    return "\n".join(lines)


def layout_markdown(game: str) -> str:
    """The observation table of ``docs/rl.md`` for ``game``, built from its encoder.

    One row per section (where it starts and its length, for each player count), then
    every index of the repeated per-seat block by its offset inside the block (runs of
    a numbered one-hot shown as one line). A test checks the docs hold exactly this.
    """
    encoder = encoder_for(game)
    players = lookup(game).info.player_counts
    counts = " | ".join(f"{n} players" for n in players)
    lines = [f"| section | {counts} | meaning |", "|---" * (len(players) + 2) + "|"]
    spans: dict[str, list[str]] = {}
    for n in players:
        labels = encoder.labels(n)
        for prefix, _ in encoder.sections:
            where = [i for i, label in enumerate(labels) if label.startswith(prefix)]
            spans.setdefault(prefix, []).append(f"{where[0]}-{where[-1]} ({len(where)})")
    for prefix, meaning in encoder.sections:
        lines.append(f"| `{prefix}` | {' | '.join(spans[prefix])} | {meaning} |")
    block = encoder.block
    inner = [label[len(block) :] for label in encoder.labels(players[0]) if label.startswith(block)]
    lines += ["", f"Inside each `{block.rstrip('.')}` block (offset: meaning):", "", "```"]
    start = 0
    for end in range(1, len(inner) + 1):
        key = _run_key(inner[start])
        if end < len(inner) and key is not None and _run_key(inner[end]) == key:
            continue
        if end - start > 2:
            lines.append(f"{start:3d}-{end - 1:<3d} {inner[start]} .. {inner[end - 1]}")
        else:
            lines += [f"{i:3d}     {inner[i]}" for i in range(start, end)]
        start = end
    lines.append("```")
    return "\n".join(lines)


def _run_key(name: str) -> str | None:
    """Names that differ only by a final number (``abyss=card7``) form one run."""
    stripped = name.rstrip("0123456789")
    return stripped if stripped != name else None


if __name__ == "__main__":  # python -m tabletop.rl.tables: print the tables to paste
    from tabletop.encoding import games_with_encoders

    for name in games_with_encoders():
        print(f"# {name}\n\n{action_markdown(name)}\n\n{layout_markdown(name)}\n")
