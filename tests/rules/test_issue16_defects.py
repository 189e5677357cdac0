"""Issue 16, the defects an audit of the engine against the seeds found: each test failed before
its fix (README's attack without ``threatened``, the variant's 5-foot step, ``reach_corners``
as an option, hex lines shifted along the board, a turn as a move action after a double move)."""

import itertools

import pytest

from rules.grid import Hex, HexGrid

# Defect 4: hex lines are the same wherever they lie.

HEX_BOARDS = [HexGrid(20, 20, "flat"), HexGrid(20, 20, "pointy")]


def test_the_audit_line_falls_the_same_way_shifted():
    """The audit's case: ``line(Hex(0,0), Hex(1,1))`` and the same line one hex along."""
    grid = HexGrid(20, 20, "flat")
    here = grid.line(Hex(0, 0), Hex(1, 1))
    there = grid.line(Hex(1, 0), Hex(2, 1))
    assert tuple(Hex(cell.q + 1, cell.r) for cell in here) == there


@pytest.mark.parametrize("grid", HEX_BOARDS, ids=["flat", "pointy"])
def test_hex_lines_are_translation_invariant(grid):
    """A line and the same line shifted anywhere on the board cover the same shifted cells."""
    vectors = [(dq, dr) for dq in range(-6, 7) for dr in range(-6, 7)]
    shifts = [(sq, sr) for sq in range(-40, 41, 7) for sr in range(-40, 41, 9)]
    for dq, dr in vectors:
        base = grid.line(Hex(0, 0), Hex(dq, dr))
        for sq, sr in shifts:
            moved = grid.line(Hex(sq, sr), Hex(sq + dq, sr + dr))
            assert moved == tuple(Hex(cell.q + sq, cell.r + sr) for cell in base), (dq, dr, sq, sr)


@pytest.mark.parametrize("grid", HEX_BOARDS, ids=["flat", "pointy"])
def test_hex_lines_step_to_neighbours_and_read_the_same_backward(grid):
    """Every step of a line goes to a neighbour; a line from ``b`` to ``a`` is the line from
    ``a`` to ``b`` reversed (the tie-break moves the whole line one fixed way)."""
    for dq, dr in itertools.product(range(-7, 8), repeat=2):
        a, b = Hex(3, 4), Hex(3 + dq, 4 + dr)
        line = grid.line(a, b)
        assert line[0] == a and line[-1] == b and len(line) == grid.distance(a, b) + 1
        assert all(grid.distance(one, two) == 1 for one, two in zip(line, line[1:]))
        assert grid.line(b, a) == line[::-1]
