"""The Wicked Labyrinth's kit: what the generic layers may ask of this game."""

from tabletop.core.kit import Kit, Level
from tabletop.games.wicked_labyrinth.game import GAME

KIT = Kit(
    game=GAME,
    parts={
        "bot:heuristic": "tabletop.games.wicked_labyrinth.bots.heuristic:HeuristicBot",
        "mcts:evaluator": "tabletop.games.wicked_labyrinth.bots.evaluator:EVALUATOR",
        "mcts:model:heuristic": "tabletop.games.wicked_labyrinth.bots.priors:HeuristicModel",
        "mcts:model:adaptive": "tabletop.games.wicked_labyrinth.bots.adaptive:AdaptiveModel",
        "mcts:model:neural": "tabletop.bots.neural.model:NetworkModel",
        "sim:decision_kind": "tabletop.games.wicked_labyrinth.bots.heuristic:decision_kind",
        "bots:styles": "tabletop.games.wicked_labyrinth.bots.styles:STYLES",
        "league:pool": "tabletop.games.wicked_labyrinth.bots.league:POOL",
        "neural:weights": "tabletop.games.wicked_labyrinth.bots.neural:WEIGHTS",
        "neural:plan": "tabletop.games.wicked_labyrinth.bots.plans",
        "neural:expert": "tabletop.games.wicked_labyrinth.bots.neural:EXPERT",
        "neural:horizon": "tabletop.games.wicked_labyrinth.bots.neural:Horizon",
        "neural:think": "tabletop.games.wicked_labyrinth.bots.neural:THINK",
        "neural:plan_samples": "tabletop.games.wicked_labyrinth.bots.plan_samples",
        "rl:encoder": "tabletop.games.wicked_labyrinth.rl.encoder:WickedLabyrinthEncoder",
        "rl:table": "tabletop.games.wicked_labyrinth.rl.table:WickedLabyrinthTable",
        "rl:native": "tabletop.games.wicked_labyrinth.rl.engine",
        "openspiel:chance": "tabletop.games.wicked_labyrinth.rl.openspiel:chance_outcome",
        "cli:renderer": "tabletop.games.wicked_labyrinth.render",
        "review:phrases": "tabletop.games.wicked_labyrinth.review",
        "report:holdings": "tabletop.games.wicked_labyrinth.holdings:WickedLabyrinthObserver",
        "reports": "tabletop.games.wicked_labyrinth.card_report:REPORTS",
        "web:final": "tabletop.games.wicked_labyrinth.final:final",
        "web:preview": "tabletop.games.wicked_labyrinth.preview:preview",
        "web:reference": "tabletop.games.wicked_labyrinth.reference:reference",
        "web:module": "tabletop.games.wicked_labyrinth.web",
    },
    # the league's strongest search (docs/arena.md): a bare ``mcts`` plays random
    # rollouts, weaker than ``heuristic``; its model makes it strong. The lobby offers
    # it and the strongest level with clock=cpu,ceiling=2 (bots/levels.py)
    search="mcts:time=0.25,model=adaptive,guide=heuristic,search=sealed",
    # each level one against three of the level below clears 30%, its interval above
    # 25%: tabletop bots ladder (docs/bots/ladder.md, measured in bots/ladder.json)
    levels=(
        Level("easy", "heuristic:budget=40,future=0"),
        Level("normal", "heuristic"),
        Level("hard", "heuristic:aggression=0.61,spite=0.26,future=1.3,budget=794"),
        Level(
            "strongest",
            "mcts:time=0.25,model=adaptive,guide=heuristic,search=sealed,clock=cpu,ceiling=2",
        ),
    ),
)
