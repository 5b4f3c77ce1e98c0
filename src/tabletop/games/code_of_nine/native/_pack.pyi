"""Types of the C extension ``_pack.c``: Code of Nine's table rows in C."""

from typing import Any

import numpy as np

def pack_code_of_nine(
    states: Any,
    out: np.ndarray,
    private: list[int],
    config: np.ndarray,
    numbers: np.ndarray,
    /,
) -> None: ...
