"""Training the learned bot (``neural``), off the play path: expert iteration of the
policy and value network (:mod:`.train`, self-play on the batched env in :mod:`.selfplay`)
and of a game's plan head (:mod:`.plan_train`), in torch (the ``train`` extra). What a
game brings (its expert, its plan head and labelled plan samples) comes from its kit's
``neural:*`` parts; the trained weights are played by :mod:`tabletop.bots.neural`."""
