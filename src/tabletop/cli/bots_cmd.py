"""``tabletop bots ...``: the measurements behind the lobby's bots (issue 27).

- ``versus``: one bot against copies of another (``neural`` against three
  ``heuristic``), seats rotated (:mod:`tabletop.arena.versus`);
- ``population``: a bot against fields of opponents generated from the heuristic's
  styles (:mod:`tabletop.arena.population`);
- ``levels``: every lobby level against the same generated fields, and whether each
  beats the level below there (:mod:`tabletop.arena.level_ratings`);
- ``ladder``: each level one against three of the level below (:mod:`tabletop.arena.ladder`);
- ``tune``: the heuristic's parameters tuned by CMA-ES (:mod:`tabletop.training.tune`);
- ``move-times``: every bot spec the lobby offers, timed per decision (CPU and wall:
  mean, 95th percentile, max), quiet and under ``--load`` busy processes
  (:mod:`tabletop.arena.movetimes`).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from tabletop.cli.errors import fail, reported_errors
from tabletop.games import REGISTRY

app = typer.Typer(
    help="Measure the lobby's bots: move times, generated opponents, the level ladder.",
    no_args_is_help=True,
)

GamesArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Games (default: every game whose lobby offers levels).", show_default=False
    ),
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Write the Markdown report to this file.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
WorkersOpt = Annotated[int, typer.Option("--workers", help="Local worker processes.")]
ResultsOpt = Annotated[
    Path, typer.Option("--results", help="Folder of the resumable results files (JSON lines).")
]
PopulationResults = Path("reports") / "population"
"""Where ``population`` and ``levels`` keep their games: one file per game, bot and seed,
so each command resumes the other's."""


def _results(folder: Path) -> Path | None:
    """``folder`` for a report's command, if it is not the default one (a report of
    games kept elsewhere says where)."""
    return None if folder == PopulationResults else folder


SearchGamesOpt = Annotated[
    int | None,
    typer.Option(
        "--search-games",
        help="Games of a search level (default: --games); a search plays a hundred times "
        "slower than a heuristic.",
    ),
]
EvalSeedOpt = Annotated[
    int | None,
    typer.Option("--seed", help="First deal's seed (default: the evaluation seeds' first)."),
]
FieldSeedOpt = Annotated[
    int | None,
    typer.Option("--seed", help="First field's seed (default: the evaluation seeds' first)."),
]


def _at_least_one(**counts: int | None) -> None:
    """Refuse a count option below 1, naming it (``search_games`` as ``--search-games``)."""
    for name, value in counts.items():
        if value is not None and value < 1:
            fail(f"--{name.replace('_', '-')} must be at least 1, got {value}")


def _progress(label: str, quiet: bool) -> Any:
    """A progress bar of games on standard error, labelled ``label`` (off with --json)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        disable=quiet,
    )


def _games(names: list[str] | None) -> list[str]:
    if not names:
        return [kit.name for kit in REGISTRY.kits() if kit.levels or kit.search]
    for name in names:
        if name not in REGISTRY.names():
            fail(f"no game {name!r} (games: {', '.join(REGISTRY.names())})")
    return list(names)


def _command(name: str, names: list[str] | None, **options: object) -> str:
    """The command that makes a report (for the report), from its options: a flag for
    each option that is set (True: the bare flag; None or False: left out)."""
    words = ["tabletop", "bots", name, *(names or [])]
    for key, value in options.items():
        if value is None or value is False:
            continue
        words.append("--" + key.replace("_", "-"))
        if value is not True:
            words.append(str(value))
    return shlex.join(words)


@app.command("move-times")
def move_times(
    games: GamesArg = None,
    positions: Annotated[
        int, typer.Option("--positions", help="Decisions timed per bot spec and load.")
    ] = 40,
    loads: Annotated[
        str,
        typer.Option(
            "--load",
            help="Busy-loop processes started while timing, comma-separated: one table each "
            "(0: none, the machine as it is).",
        ),
    ] = "0",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the positions' games.")] = 0,
    only: Annotated[
        str | None,
        typer.Option("--specs", help="Time only these specs (comma-separated), not the lobby's."),
    ] = None,
    out: OutOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Time every bot the lobby offers, per decision, quiet and under load."""
    from tabletop.arena.movetimes import lobby_specs, markdown, measure
    from tabletop.bots import UnknownBotError, make_bot

    with reported_errors():
        try:
            counts = [int(x) for x in loads.split(",") if x.strip()]
        except ValueError:
            fail(f"--load is whole numbers, comma-separated; got {loads!r}")
        if not counts or min(counts) < 0:
            fail(f"--load needs numbers of processes >= 0, got {loads!r}")
        _at_least_one(positions=positions)
        runs = []
        for name in _games(games):
            game = REGISTRY.get(name)
            specs = [s.strip() for s in only.split(",") if s.strip()] if only else lobby_specs(name)
            usable = []
            for spec in specs:
                try:
                    make_bot(spec, game, 0)
                except UnknownBotError as exc:  # an optional extra missing here
                    typer.echo(f"{name}: skipping {spec}: {exc}", err=True)
                    continue
                usable.append(spec)

            def note(spec: str, busy: int, name: str = name) -> None:
                typer.echo(f"{name}, load {busy}: {spec}", err=True)

            runs.extend(measure(name, usable, positions, counts, seed, on_spec=note))
        if as_json:
            typer.echo(json.dumps([r.to_json() for r in runs]))
        command = _command(
            "move-times", games, positions=positions, load=loads, seed=seed, specs=only, out=out
        )
        text = markdown(runs, command)
        _report(text, out, quiet=as_json)


def _report(text: str, out: Path | None, quiet: bool = False) -> None:
    """Write a Markdown report to ``out`` (its folder made), or print it unless ``quiet``
    (the command printed JSON instead)."""
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        typer.echo(f"report: {out}", err=True)
    elif not quiet:
        typer.echo(text)


def strongest(game: str) -> str:
    """The game's strongest bot as the arena measures it: its kit's search with its
    0.25 s counted in CPU time (no ceiling: a figure must not depend on the load)."""
    from tabletop.bots.levels import lobby_spec

    search = REGISTRY.kit(game).search
    if search is None:
        fail(f"{game} has no search to measure; name one with --bot")
    return lobby_spec(search).rsplit(",ceiling=", 1)[0]


@app.command("population")
def population(
    games_names: GamesArg = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help="The bot measured (default: the game's strongest search)."),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", help="Games per game (4 per field, seats rotated).")
    ] = 48,
    seed: FieldSeedOpt = None,
    kinds: Annotated[
        str | None,
        typer.Option(
            "--kinds",
            help="Play only the fields of these kinds (comma-separated: mixed, styles, "
            "copies): the same games as a run of every kind on those fields.",
        ),
    ] = None,
    workers: WorkersOpt = 1,
    results_dir: ResultsOpt = PopulationResults,
    out: OutOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A bot against fields of opponents generated at random from the heuristic's styles.

    Re-running the same command resumes from its results files (one per game, bot and
    seed: a longer run, or one of other kinds, resumes from the same file).
    """

    from tabletop.arena import population as pop
    from tabletop.bots import UnknownBotError, make_bot

    with reported_errors():
        first = pop.EVALUATION_SEED if seed is None else seed
        _at_least_one(games=games, workers=workers)
        chosen = pop.KINDS if kinds is None else tuple(k.strip() for k in kinds.split(","))
        if not chosen or set(chosen) - set(pop.KINDS):
            fail(f"--kinds are {', '.join(pop.KINDS)}, comma-separated; got {kinds!r}")
        names = (
            _games(games_names)
            if games_names
            else [kit.name for kit in REGISTRY.kits() if kit.has(pop.PART) and kit.search]
        )
        reports = []
        figures = {}
        for name in names:
            try:
                pop.styles(name)
            except ValueError as exc:
                fail(str(exc))
            spec = bot or strongest(name)
            try:
                make_bot(spec, REGISTRY.get(name), 0)
            except UnknownBotError as exc:
                fail(str(exc))
            path = pop.results_path(results_dir, name, spec, first)
            progress = _progress(name, as_json)
            with progress:
                task = progress.add_task("games", total=games)
                records = pop.run(
                    name,
                    spec,
                    games,
                    first,
                    path,
                    workers,
                    on_game=_advancer(progress, task),
                    kinds=chosen,
                )
            found = pop.summary(records, 4)
            figures[name] = {"bot": spec, "results": str(path), **found}
            command = _command(
                "population",
                [name],
                bot=bot,
                games=games,
                seed=seed,
                kinds=kinds,
                workers=workers,
                results=_results(results_dir),
            )
            reports.append(pop.markdown(name, spec, found, command))
        if as_json:
            typer.echo(json.dumps(figures))
        whole = _command(
            "population",
            games_names,
            bot=bot,
            games=games,
            seed=seed,
            kinds=kinds,
            workers=workers,
            results=_results(results_dir),
        )
        text = "\n".join(
            [
                "# Bots against generated fields (`tabletop bots population`)",
                "",
                'Fields and figures: [README.md](README.md), "The generated population". '
                "This report:",
                "",
                "```",
                whole,
                "```",
                "",
                *reports,
            ]
        )
        _report(text, out, quiet=as_json)


@app.command("levels")
def levels(
    games_names: GamesArg = None,
    games: Annotated[
        int, typer.Option("--games", help="Games of a heuristic level (4 per field).")
    ] = 400,
    search_games: SearchGamesOpt = None,
    seed: FieldSeedOpt = None,
    workers: WorkersOpt = 1,
    results_dir: ResultsOpt = PopulationResults,
    out: OutOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Every lobby level against the same generated fields: each one's win share, and
    whether each beats the level below it there (paired over fields).

    Re-running the same command resumes from its results files, which are those of
    ``tabletop bots population --bot SPEC`` for each level's spec.
    """

    from tabletop.arena import level_ratings as lr
    from tabletop.arena.population import EVALUATION_SEED

    with reported_errors():
        first = EVALUATION_SEED if seed is None else seed
        _at_least_one(games=games, search_games=search_games, workers=workers)
        names = (
            _games(games_names)
            if games_names
            else [kit.name for kit in REGISTRY.kits() if len(kit.levels) > 1]
        )
        sections = []
        figures = {}
        for name in names:
            try:
                found = lr.levels(name)
            except ValueError as exc:
                fail(str(exc))
            rated = []
            for level in found:
                searched = lr.is_search(level.spec) and search_games is not None
                count = search_games if searched and search_games is not None else games
                progress = _progress(f"{name}: {level.name}", as_json)
                with progress:
                    task = progress.add_task("games", total=count)
                    rated.append(
                        lr.rate(
                            name,
                            level,
                            count,
                            first,
                            results_dir,
                            workers,
                            _advancer(progress, task),
                        )
                    )
            figures[name] = {
                "levels": [r.to_json() for r in rated],
                "steps": [s.to_json() for s in lr.steps(rated)],
            }
            command = _command(
                "levels",
                [name],
                games=games,
                search_games=search_games,
                seed=seed,
                workers=workers,
                results=_results(results_dir),
            )
            sections.append(lr.markdown(name, rated, command))
        if as_json:
            typer.echo(json.dumps(figures))
        whole = _command(
            "levels",
            games_names,
            games=games,
            search_games=search_games,
            seed=seed,
            workers=workers,
            results=_results(results_dir),
            out=out,
        )
        text = "\n".join(
            [
                "# Each level against the generated population (`tabletop bots levels`)",
                "",
                "Every lobby level plays the same generated fields ([README.md](README.md), "
                '"The generated population"; searches in CPU time without the lobby\'s '
                "ceiling), on evaluation seeds. This report:",
                "",
                "```",
                whole,
                "```",
                "",
                *sections,
            ]
        )
        _report(text, out, quiet=as_json)


def _advancer(progress: Any, task: Any) -> Callable[[dict[str, Any]], None]:
    """A game's callback that moves ``progress``'s ``task`` on by one."""

    def advance(_: dict[str, Any]) -> None:
        progress.advance(task)

    return advance


@app.command("ladder")
def ladder(
    games_names: GamesArg = None,
    games: Annotated[
        int, typer.Option("--games", help="Games per rung (4 per deal, seats rotated).")
    ] = 40,
    search_games: SearchGamesOpt = None,
    seed: EvalSeedOpt = None,
    workers: WorkersOpt = 1,
    results_dir: ResultsOpt = Path("reports") / "ladder",
    out: OutOpt = None,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            help="Write the rungs as JSON to this file, keeping its other games' rungs (the "
            "lobby's levels are pinned by, and show, src/tabletop/bots/ladder.json); the "
            "Markdown report then has every rung of the file.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Each level one against three of the level below: does it clear 30%, its interval
    clear of 25%?

    Re-running the same command resumes from its results files (one per rung and specs).
    """

    from tabletop.arena import ladder as rungs
    from tabletop.arena.population import EVALUATION_SEED
    from tabletop.arena.runner import Backend

    with reported_errors():
        first = EVALUATION_SEED if seed is None else seed
        _at_least_one(games=games, workers=workers)
        names = (
            _games(games_names)
            if games_names
            else [kit.name for kit in REGISTRY.kits() if len(kit.levels) > 1]
        )
        steps = []
        for name in names:
            try:
                found = rungs.pairs(name)
            except ValueError as exc:
                fail(str(exc))
            for lower, upper in found:
                searched = any(lv.spec.startswith("mcts") for lv in (lower, upper))
                count = search_games if searched and search_games is not None else games
                path = rungs.results_path(results_dir, name, lower, upper, first)
                progress = _progress(f"{name}: {upper.name} vs 3 {lower.name}", as_json)
                with progress:
                    task = progress.add_task("games", total=count)
                    steps.append(
                        rungs.step(
                            name,
                            lower,
                            upper,
                            count,
                            first,
                            path,
                            Backend(workers),
                            _advancer(progress, task),
                        )
                    )
        command = _command(
            "ladder",
            games_names,
            games=games,
            search_games=search_games,
            seed=seed,
            workers=workers,
            out=out,
            data=data,
        )
        commands = {name: command for name in names}
        if data is not None:
            # the games not measured now keep their rungs (and the command that made them)
            old = json.loads(data.read_text("utf-8")) if data.exists() else None
            steps, commands = rungs.merged(old, steps, command)
            data.parent.mkdir(parents=True, exist_ok=True)
            data.write_text(
                json.dumps(rungs.data(steps, commands), indent=1) + "\n", encoding="utf-8"
            )
            typer.echo(f"data: {data}", err=True)
        text = rungs.markdown(steps, commands)
        if as_json:
            typer.echo(json.dumps([s.to_json() for s in steps]))
        _report(text, out, quiet=as_json)


@app.command("tune")
def tune(
    game_name: Annotated[str, typer.Argument(help="The game whose heuristic is tuned.")],
    generations: Annotated[int, typer.Option("--generations", help="CMA-ES generations.")] = 6,
    games: Annotated[
        int, typer.Option("--games", help="Games per candidate (a multiple of 4).")
    ] = 16,
    seed: Annotated[int, typer.Option("--seed", help="First tuning seed (below 1,000,000).")] = 0,
    start: Annotated[
        str | None,
        typer.Option("--start", help="Start from this heuristic spec (default: mid-range)."),
    ] = None,
    popsize: Annotated[
        int | None, typer.Option("--popsize", help="Candidates per generation (default: CMA-ES's).")
    ] = None,
    evaluate: Annotated[
        int,
        typer.Option(
            "--evaluate",
            help="Then play the tuned spec and the lobby's hard level this many population "
            "games each on evaluation seeds (0: none).",
        ),
    ] = 0,
    workers: WorkersOpt = 1,
    log: Annotated[
        Path | None, typer.Option("--log", help="Every candidate's score, as JSON lines.")
    ] = None,
    out: OutOpt = None,
) -> None:
    """Tune a game's heuristic by CMA-ES against the generated population (tuning seeds)."""
    from tabletop.arena import population as pop
    from tabletop.training import tune as tuning

    with reported_errors():
        if game_name not in REGISTRY.names():
            fail(f"no game {game_name!r} (games: {', '.join(REGISTRY.names())})")
        _at_least_one(workers=workers)
        if evaluate < 0 or evaluate % 4:
            fail(f"--evaluate must be a multiple of 4 (seats rotated), got {evaluate}")
        try:
            import cma  # noqa: F401
        except ImportError:
            fail("tuning needs the cma package: pip install -e .[tune]")

        lines: list[str] = []

        def note(g: int, scored: list[tuning.Scored]) -> None:
            shares = [s.share for s in scored]
            best = max(scored, key=lambda s: s.share)
            row = (
                f"| {g} | {len(scored)} | {sum(shares) / len(shares):.1%} | {best.share:.1%} "
                f"| `{best.spec}` |"
            )
            lines.append(row)
            typer.echo(row, err=True)

        try:
            final, _ = tuning.tune(
                game_name,
                generations,
                games,
                seed,
                start,
                popsize=popsize,
                workers=workers,
                log=log,
                on_generation=note,
            )
        except ValueError as exc:
            fail(str(exc))
        command = _command(
            "tune",
            [game_name],
            generations=generations,
            games=games,
            seed=seed,
            start=start,
            popsize=popsize,
            evaluate=evaluate or None,
            workers=workers,
        )
        text = [
            f"## {game_name}: the heuristic tuned by CMA-ES",
            "",
            "```",
            command,
            "```",
            "",
            f"Tuning seeds {seed}..{seed + generations * games - 1}; each candidate of a "
            f"generation plays the same {games} population games.",
            "",
            "| generation | candidates | mean share | best share | best candidate |",
            "|---:|---:|---:|---:|---|",
            *lines,
            "",
            f"Tuned (CMA-ES's favourite): `{final}`",
        ]
        if evaluate:
            hard = [lv.spec for lv in REGISTRY.kit(game_name).levels if lv.name == "hard"]
            for spec in [final, *hard]:
                records = pop.run(game_name, spec, evaluate, pop.EVALUATION_SEED, None, workers)
                f = pop.summary(records, 4)["all"]
                text.append(
                    f"- `{spec}` on {f['games']} evaluation games (seed "
                    f"{pop.EVALUATION_SEED}): {f['share']:.1%} "
                    f"({f['wilson'][0]:.1%} - {f['wilson'][1]:.1%}), first in "
                    f"{f['first']:.1%} of {f['fields']} fields"
                )
        report = "\n".join(text) + "\n"
        _report(report, out)


@app.command("versus")
def versus(
    games_names: GamesArg = None,
    bot: Annotated[str, typer.Option("--bot", help="The bot measured, in one seat.")] = "neural",
    against: Annotated[
        str, typer.Option("--against", help="The rival, in every other seat.")
    ] = "heuristic",
    games: Annotated[
        int, typer.Option("--games", help="Games per game (seats rotated on each deal).")
    ] = 400,
    players: Annotated[int, typer.Option("--players", help="Players per game.")] = 4,
    target: Annotated[
        float | None,
        typer.Option("--target", help="Say whether the bot reaches this win share (0.35: 35%)."),
    ] = None,
    seed: EvalSeedOpt = None,
    workers: WorkersOpt = 1,
    results_dir: ResultsOpt = Path("reports") / "versus",
    out: OutOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One bot against copies of another (default: neural against three heuristic).

    Re-running the same command resumes from its results files.
    """

    from tabletop.arena import versus as vs
    from tabletop.arena.population import EVALUATION_SEED
    from tabletop.arena.runner import Backend
    from tabletop.bots import UnknownBotError, make_bot

    with reported_errors():
        first = EVALUATION_SEED if seed is None else seed
        _at_least_one(games=games, workers=workers)
        if target is not None and not 0 < target < 1:
            fail(f"--target is a share between 0 and 1 (0.35 for 35%), got {target}")
        names = _games(games_names)
        found = []
        for name in names:
            game = REGISTRY.get(name)
            counts = game.info.player_counts
            if players not in counts:
                fail(f"{name} is for {', '.join(map(str, counts))} players, not {players}")
            for spec in (bot, against):
                try:
                    make_bot(spec, game, 0)
                except (UnknownBotError, ValueError) as exc:
                    fail(str(exc))
            try:
                head = vs.header(name, bot, against, players, first)
            except ValueError as exc:
                fail(str(exc))
            progress = _progress(f"{name}: {bot} vs {players - 1} {against}", as_json)
            with progress:
                task = progress.add_task("games", total=games)
                found.append(
                    vs.run(
                        head,
                        games,
                        vs.results_path(results_dir, head),
                        Backend(workers),
                        _advancer(progress, task),
                    )
                )
        command = _command(
            "versus",
            games_names,
            bot=bot,
            against=against,
            games=games,
            players=players if players != 4 else None,
            target=target,
            seed=seed,
            workers=workers,
            out=out,
        )
        if as_json:
            typer.echo(json.dumps([v.to_json() for v in found]))
        _report(vs.markdown(found, command, target), out, quiet=as_json)
