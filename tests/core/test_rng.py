"""The state's generator is textbook SplitMix64, bit for bit, whichever build runs.

``tabletop.core.rng`` computes on 32-bit halves so that compiled code stays in machine
integers; the reference here is the generator as published (64-bit arithmetic on
Python's exact integers), and a published output sequence pins both.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.core.rng import SplitMix64

MASK = (1 << 64) - 1


def reference_outputs(state: int, count: int) -> list[int]:
    """SplitMix64 as Steele, Lea and Flood define it (Vigna's ``splitmix64.c``)."""
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def test_published_sequence() -> None:
    # Seed 1234567, the first five outputs as published with the reference C code.
    rng = SplitMix64(1234567)
    assert [rng.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


seeds = st.one_of(st.integers(0, MASK), st.sampled_from([0, 1, MASK, 1 << 63, (1 << 32) - 1]))


@given(seeds, st.integers(1, 12))
def test_outputs_and_state_match_the_reference(seed: int, count: int) -> None:
    rng = SplitMix64(seed)
    assert [rng.next_u64() for _ in range(count)] == reference_outputs(seed, count)
    assert rng.state == (seed + count * 0x9E3779B97F4A7C15) & MASK


@given(seeds, st.one_of(st.integers(1, 64), st.integers(1, 1 << 70)))
def test_below_and_random_are_the_reference_reductions(seed: int, bound: int) -> None:
    z1, z2 = reference_outputs(seed, 2)
    rng = SplitMix64(seed)
    assert rng.below(bound) == (z1 * bound) >> 64
    assert rng.random() == (z2 >> 11) / (1 << 53)


@given(seeds, st.integers(0, 40))
def test_shuffle_is_fisher_yates_on_the_reference_draws(seed: int, size: int) -> None:
    items = list(range(size))
    expected = list(items)
    draws = reference_outputs(seed, max(size - 1, 0))
    for k, i in enumerate(range(size - 1, 0, -1)):
        j = (draws[k] * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    rng = SplitMix64(seed)
    rng.shuffle(items)
    assert items == expected
    assert rng.state == (seed + len(draws) * 0x9E3779B97F4A7C15) & MASK
