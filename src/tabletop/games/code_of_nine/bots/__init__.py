"""Code of Nine's own bot knowledge: the ``heuristic`` bot, its beliefs and lookahead,
and the search's models of play and leaf evaluator. The kit
(:mod:`tabletop.games.code_of_nine.kit`) names each part."""
