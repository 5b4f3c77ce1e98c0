"""The Wicked Labyrinth's own bot knowledge: the ``heuristic`` bot (bidding by expected
worth, soul processing planned by search over its own actions), the search's models of
play and leaf evaluator, and the learned bot's soul-processing plans. The kit
(:mod:`tabletop.games.wicked_labyrinth.kit`) names each part."""
