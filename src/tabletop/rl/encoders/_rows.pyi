"""Types of the C extension ``_rows.c``: the table encoders' packers and lookup in C."""

from typing import Any

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
def pack_code_of_nine(
    states: Any,
    out: np.ndarray,
    private: list[int],
    config: np.ndarray,
    numbers: np.ndarray,
    /,
) -> None: ...
