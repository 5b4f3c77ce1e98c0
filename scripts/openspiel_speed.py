"""Our games through OpenSpiel, in one run: ``rl_environment`` against our PettingZoo
parallel env (steps per CPU second, and their ratio; the target is at least 0.25), and
bare ``pyspiel`` random playouts against OpenSpiel's own goofspiel (games per CPU
second). See ``tabletop.bench.spiel``; docs/rl.md quotes the figures. Run:

    nice .venv/bin/python scripts/openspiel_speed.py [--seconds 16] [--players 3] [GAME ...]

(default: every game with an encoder, at 3 players; ``--json`` prints one JSON line a
game.)
"""

from __future__ import annotations

import argparse
import json

import tabletop
from tabletop.bench.spiel import spiel_figures
from tabletop.encoding import games_with_encoders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: every game with an encoder)")
    parser.add_argument("--seconds", type=float, default=16.0, help="CPU seconds per loop")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON object a game")
    args = parser.parse_args()
    for name in args.games or games_with_encoders():
        game = tabletop.game(name)
        players = args.players if args.players in game.info.player_counts else None
        if players is None:
            parser.error(f"{name} is for {game.info.player_counts} players")
        f = spiel_figures(game, players, args.seconds, args.seed)
        if args.json:
            print(json.dumps(f))
            continue
        print(
            f"{name}, {players} players: rl_environment "
            f"{f['rl_environment_steps_per_cpu_second']:,.0f} steps/CPU s, PettingZoo "
            f"{f['pettingzoo_steps_per_cpu_second']:,.0f}: ratio "
            f"{f['rl_environment_over_pettingzoo']:.3f} (rounds {min(f['ratio_per_round']):.3f}"
            f"-{max(f['ratio_per_round']):.3f}); pyspiel playouts "
            f"{f['pyspiel_games_per_cpu_second']:,.1f} games/CPU s"
            + (
                f", OpenSpiel {f['reference']} {f['reference_games_per_cpu_second']:,.1f}"
                f" (ours / theirs {f['pyspiel_games_over_reference']:.4f}; its rl_environment "
                f"{f['reference_rl_environment_steps_per_cpu_second']:,.0f} steps/CPU s)"
                if "reference" in f
                else ""
            )
            + f"; tensors: information state {f['information_state_tensor_size']}, "
            f"observation {f['observation_tensor_size']}, max_game_length "
            f"{f['max_game_length']}"
        )


if __name__ == "__main__":
    main()
