"""Structure fuzz (issue 23, item 5): well-wrapped payloads (valid zlib and base64 around JSON, or a
file's JSON) whose insides are mutated the way a hostile link would be: wrong types, huge and
negative numbers, NaN, off-board cells, overlapping creatures, unknown names, 10,000-character
strings, deep nesting and repeated runs. Every input either opens a valid encounter, which a
link and a file carry again, or raises ``LinkError``; never anything else."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile import nested, packed, unpacked
from test_link import encounters, opens_or_refuses

from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_hash, parse_encounter_json

FUZZ = settings(
    deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

RAW = {
    "deep": nested(5_700),
    "deeper": nested(10_000),
    "long number": "9" * 5_000,
    "unclosed": "[" * 3_000,
}
"""Text put into the JSON as it is, which ``json.dumps`` cannot write: placed by a marker."""

HOSTILE = st.one_of(
    st.sampled_from([None, True, False, 0, -1, "", [], {}, "x", [[]], {"": 0}]),
    st.integers(-(10**30), 10**30) | st.sampled_from([2**63, -(2**63), 10**10, 39_999, 40_000, 25, 24]),
    st.sampled_from([float("nan"), float("inf"), -0.0, 1.5, 1e308]),
    st.sampled_from(["x" * 10_000, "\u200b" * 10_000, "Goblin\u200b", " Kroh ", "lava", "difficult+lava", "[[", "\\"]),
    st.text(max_size=12),
    st.sampled_from([f"\x00RAW:{name}\x00" for name in RAW]),
    st.sampled_from([[["difficult", 0, 40_000]] * 40, [["pit", 0, 1]] * 31, [["pit", 0, 10**6]], [0, 2, 0] * 500]),
)
"""What a hostile link puts in place of a value."""


def nodes(tree, path=()):
    """Every path into a JSON tree, the root first."""
    yield path
    if isinstance(tree, list):
        for index, child in enumerate(tree):
            yield from nodes(child, path + (index,))
    elif isinstance(tree, dict):
        for key, child in tree.items():
            yield from nodes(child, path + (key,))


def changed(tree, path, change):
    """A copy of ``tree`` with ``change`` made to the node at ``path``: ``("put", value)``
    replaces it, ``("twice",)`` repeats it in its list (a creature twice: two in one space, one
    name twice), ``("drop",)`` removes it."""
    if not path:
        return change[1] if change[0] == "put" else tree
    copy = list(tree) if isinstance(tree, list) else dict(tree)
    key, rest = path[0], path[1:]
    if rest:
        copy[key] = changed(tree[key], rest, change)
    elif change[0] == "put":
        copy[key] = change[1]
    elif change[0] == "twice" and isinstance(copy, list):
        copy.insert(key, tree[key])
    else:
        del copy[key]
    return copy


CHANGES = st.one_of(st.tuples(st.just("put"), HOSTILE), st.just(("twice",)), st.just(("drop",)))


def written(tree, compact: bool) -> str:
    """``tree`` as JSON text, each raw marker replaced by its text."""
    text = json.dumps(tree, separators=(",", ":")) if compact else json.dumps(tree, indent=1)
    for name, raw in RAW.items():
        text = text.replace(json.dumps(f"\x00RAW:{name}\x00"), raw)
    return text


def mutated(tree, data):
    """``tree`` with one to three changes at random places."""
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(nodes(tree))
        tree = changed(tree, paths[data.draw(st.integers(0, len(paths) - 1))], data.draw(CHANGES))
    return tree


@FUZZ
@given(encounters(most=4), st.data())
def test_mutated_links_open_or_are_refused(encounter, data):
    """Issue 23, item 5: a link whose payload is mutated inside valid zlib and base64 opens as
    a valid encounter or is refused with a ``LinkError``."""
    sections = mutated(json.loads(unpacked(encounter_code(encounter))), data)
    code = packed(written(sections, compact=True).encode("utf-8"))
    opens_or_refuses(parse_encounter_code, code)
    opens_or_refuses(parse_encounter_hash, "#v1." + code)


@FUZZ
@given(encounters(most=4), st.data())
def test_mutated_files_open_or_are_refused(encounter, data):
    """Issue 23, item 5: a file whose JSON is mutated opens as a valid encounter or is refused
    with a ``LinkError``."""
    document = mutated(json.loads(encounter_json(encounter)), data)
    opens_or_refuses(parse_encounter_json, written(document, compact=False))


@settings(FUZZ, max_examples=25)
@given(st.data())
def test_mutated_full_boards_open_or_are_refused(data):
    """Issue 23, item 5: the 200x200 board full of terrain, with its runs and walls mutated
    (repeated, cut, moved off the board), opens or is refused with a ``LinkError``."""
    sections = {"g": [data.draw(st.integers(0, 2)), 200, 200], "t": [["difficult+obstacle", 0, 40_000]],
                "w": [0, 2, 0, 39_998, 2, 1]}
    opens_or_refuses(parse_encounter_code, packed(written(mutated(sections, data), compact=True).encode("utf-8")))
