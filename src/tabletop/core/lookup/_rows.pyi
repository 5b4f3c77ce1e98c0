"""Types of the C extension ``_rows.c``: the table encoders' lookup in C."""

import numpy as np

def ints_into(ints: list[int], out: np.ndarray, /) -> None: ...
def update(
    raw: np.ndarray,
    kept: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    first: np.ndarray,
    position: np.ndarray,
    value_at: np.ndarray,
    values: np.ndarray,
    out: np.ndarray,
    full: bool,
    /,
) -> None: ...
