"""Code of Nine's kit: what the generic layers may ask of this game."""

from tabletop.core.kit import Kit, Level
from tabletop.games.code_of_nine.game import GAME

KIT = Kit(
    game=GAME,
    parts={
        "bot:heuristic": "tabletop.games.code_of_nine.bots.heuristic:CodeOfNineHeuristic",
        "mcts:evaluator": "tabletop.games.code_of_nine.bots.evaluator:EVALUATOR",
        "mcts:model:heuristic": "tabletop.games.code_of_nine.bots.priors:HeuristicModel",
        "mcts:model:adaptive": "tabletop.games.code_of_nine.bots.adaptive:AdaptiveModel",
        "mcts:model:neural": "tabletop.bots.neural.model:NetworkModel",
        "bots:styles": "tabletop.games.code_of_nine.bots.styles:STYLES",
        "league:pool": "tabletop.games.code_of_nine.bots.league:POOL",
        "neural:weights": "tabletop.games.code_of_nine.bots.neural:WEIGHTS",
        "neural:expert": "tabletop.games.code_of_nine.bots.neural:EXPERT",
        "neural:horizon": "tabletop.games.code_of_nine.bots.neural:Horizon",
        "rl:encoder": "tabletop.games.code_of_nine.rl.encoder:CodeOfNineEncoder",
        "rl:table": "tabletop.games.code_of_nine.rl.table:CodeOfNineTable",
        "rl:native": "tabletop.games.code_of_nine.rl.engine",
        "openspiel:chance": "tabletop.games.code_of_nine.rl.openspiel:chance_outcome",
        "openspiel:turn_based": "tabletop.games.code_of_nine.rl.openspiel:TURN_BASED",
        "cli:renderer": "tabletop.games.code_of_nine.render",
        "review:phrases": "tabletop.games.code_of_nine.review",
        "report:holdings": "tabletop.games.code_of_nine.holdings:CodeOfNineObserver",
        "reports": "tabletop.games.code_of_nine.memory_card_report:REPORTS",
        "web:final": "tabletop.games.code_of_nine.final:final",
        "web:reference": "tabletop.games.code_of_nine.reference:reference",
        "web:module": "tabletop.games.code_of_nine.web",
    },
    # the league's strongest search (docs/arena.md); the lobby offers it and the
    # strongest level with clock=cpu,ceiling=2 (bots/levels.py)
    search="mcts:time=0.25,model=adaptive,samples=4,c=0.2",
    # each level one against three of the level below clears 30%, its interval above
    # 25%: tabletop bots ladder (docs/bots/ladder.md, measured in bots/ladder.json);
    # hard is the heuristic tuned by CMA-ES (docs/bots/tune-code-of-nine.md)
    levels=(
        Level("easy", "heuristic:samples=2,will=0"),
        Level("normal", "heuristic"),
        Level("hard", "heuristic:samples=32,will=1.5,info=0.04,guard=0.12"),
        Level("strongest", "mcts:time=0.25,model=adaptive,samples=4,c=0.2,clock=cpu,ceiling=2"),
    ),
)
