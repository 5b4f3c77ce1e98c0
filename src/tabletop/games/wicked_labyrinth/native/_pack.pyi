"""Types of the C extension ``_pack.c``: The Wicked Labyrinth's table rows in C."""

from typing import Any

import numpy as np

def pack_wicked_labyrinth(
    states: Any,
    out: np.ndarray,
    config: np.ndarray,
    lower: np.ndarray,
    upper_first: np.ndarray,
    upper: np.ndarray,
    all_counts: np.ndarray,
    /,
) -> None: ...
