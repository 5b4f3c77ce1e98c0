"""Games' engines in C for the batched RL env (:class:`~tabletop.rl.vector.VectorEnv`).

The batched env's every-seat mode steps many tables of one game at once; with the
Python engine, stepping them (and reading every state back into observation rows and
legal sets) is most of a step's cost. A native engine holds its tables as plain C
arrays and writes the packed observation rows and the masks directly, so a step makes
no Python object per table. The Python engine stays the reference: each native engine
is tested step for step against it (``tests/rl/test_rl_native_*.py``), and is used only
in a compiled, fresh build (``tabletop.compiled.native``).

Each game's engine lives in its own folder (``games/<name>/native/_engine.c`` and its
kit part ``rl:native``); what every engine shares is here: the C glue of its Python
object (``_tables.h``), the replay of its tables as Python states (:mod:`.replay`) and
the shard that steps them (:mod:`.shard`).
"""
