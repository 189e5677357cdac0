"""The table's optional rules: one value that says which of the seeds' options are in play.

The seed texts mark some rules "optional" or leave them "at the referee's option", and where a
text can fairly be read two ways Flankwise makes the reading an option too. An encounter keeps
one ``Options`` value; rules modules read it and never keep switches of their own. Every option
has a default (the rules as written, with every optional rule off; for a reading, the one
docs/rules.md argues for) and a line in ``OPTION_INFO`` naming its label for the page and the
seed section it comes from. Most options are switches; a few are numbers a table may set (the
variant's flanked penalty), with the bounds the page offers. To add an option, add a field with
its default here (a ``bool`` for a switch, an ``int`` for a number) and its ``OptionInfo`` line
(with ``bounds`` for a number); the canonical code (``options_code`` / ``parse_options``), the
page's control (``set_option``) and the consistency checks then cover it.
"""

from dataclasses import dataclass, fields, replace

from rules.errors import RulesError


class OptionsError(RulesError):
    """An unknown option, a value of the wrong kind, or an option without the one it needs."""


@dataclass(frozen=True)
class OptionInfo:
    """What the page says about one option.

    ``name`` is the ``Options`` field; ``label`` the words beside its control; ``section`` the
    seed section it comes from; ``requires`` the name of an option that must be on for this one
    to mean anything (the page greys this one out while that one is off; switches only).
    ``bounds`` is ``None`` for a switch, and for a number the least and greatest whole numbers
    it may be.
    """

    name: str
    label: str
    section: str
    requires: str | None = None
    bounds: tuple[int, int] | None = None

    @property
    def is_number(self) -> bool:
        """Whether the option is a number (with ``bounds``) rather than a switch."""
        return self.bounds is not None


OPTION_INFO = (
    OptionInfo(
        "body_points",
        "Body points: a critical hit also deals body-point damage",
        "Seed 003: Critical Hits",
    ),
    OptionInfo(
        "fighter_crits_on_19",
        "Fighters score critical hits on a natural 19 or 20",
        "Seed 003: Critical Hits",
    ),
    OptionInfo(
        "natural_20_always_hits",
        "A natural 20 always hits (it is a critical hit only if it would otherwise hit)",
        "Seed 003: Critical Hits (a Flankwise reading)",
    ),
    OptionInfo(
        "crit_hit_effects",
        "Critical hit special effects",
        "Seed 003: Critical Hits, Critical Hit Special Effects",
    ),
    OptionInfo(
        "crit_hit_effects_for_monsters",
        "Monsters may impose critical hit special effects",
        "Seed 003: Critical Hits, Critical Hit Special Effects",
        requires="crit_hit_effects",
    ),
    OptionInfo(
        "crit_miss_effects",
        "Critical miss special effects",
        "Seed 003: Critical Misses, Critical Miss Special Effects",
    ),
    OptionInfo(
        "crit_miss_effects_for_monsters",
        "Monsters may impose critical miss special effects",
        "Seed 003: Critical Misses, Critical Miss Special Effects",
        requires="crit_miss_effects",
    ),
    OptionInfo(
        "crit_miss_effects_for_fighting_classes",
        "Every fighting class, not only the Fighter, may impose critical miss special effects",
        "Seed 003: Critical Misses, Critical Miss Special Effects (a Flankwise reading)",
        requires="crit_miss_effects",
    ),
    OptionInfo(
        "strike_speed",
        "Strike-speed order of battle",
        "Seed 003: Strike Speed Based Order of Battle (Optional)",
    ),
    OptionInfo(
        "stance_strike_modifier",
        "Combat stances change strike speed",
        "Seed 003: Combat Stance",
        requires="strike_speed",
    ),
    OptionInfo(
        "shields",
        "Shields cover only the front and the flank on their side",
        "Seed 000: UA Combat Facing, Shields (Optional)",
    ),
    OptionInfo(
        "whirlwind_only_in_the_action",
        "Whirlwind Attack lifts facing penalties only for the Whirlwind Attack itself",
        "Seed 000: UA Combat Facing, Feats and Class Features (a Flankwise reading)",
    ),
    OptionInfo(
        "flanked_penalty",
        "Flanked penalty to AC (doubled from the rear)",
        "Seed 001: the flanked condition; 2 is the usual flat-footed (off-guard) AC penalty",
        bounds=(0, 10),
    ),
    OptionInfo(
        "reach_corners",
        "A 10-foot reach takes the square two diagonals away",
        "Seed 002: Big and Little Creatures in Combat, reach (a Flankwise reading)",
    ),
    OptionInfo(
        "corner_facing_front_faces",
        "A big creature facing a corner has both front faces and the corner in front (UA)",
        "Seed 000: UA Combat Facing, Facing Direction (a Flankwise reading)",
    ),
    OptionInfo(
        "variant_rear_is_back_face",
        "The whole back face is rear for every size (front, side and rear)",
        'Seed 001: larger creatures "broken down in a similar way" (a Flankwise reading)',
    ),
    OptionInfo(
        "sideways_step_costs_two",
        "A step into the flank or rear without turning costs 2 squares, diagonal or not",
        "Seed 000: UA Combat Facing, Moving Backward or Sideways (a Flankwise reading)",
    ),
    OptionInfo(
        "variant_flanked_only_adjacent",
        "Flanked and sneak attack only from the bordering spaces (front, side and rear)",
        "Seed 001: the flanked condition from side- and rear-facing spaces (a Flankwise reading)",
    ),
    OptionInfo(
        "ranged_sneak_attack_within_30_ft",
        "A ranged attack sneak attacks only within 30 feet",
        "Seed 000: UA Combat Facing, Sneak Attacks, with the standard rules' 30-foot limit "
        "(SRD 3.5 Sneak Attack; a Flankwise reading)",
    ),
    OptionInfo(
        "flat_footed_until_first_turn",
        "A creature is flat-footed until its first turn (once initiative is rolled)",
        "SRD 3.5 Conditions: Flat-Footed (\"A character who has not yet acted during a combat is "
        "flat-footed\")",
    ),
)
"""One line per ``Options`` field, in the order the page lists them."""

_INFO_BY_NAME = {info.name: info for info in OPTION_INFO}


def option_info(name: str) -> OptionInfo:
    """The ``OptionInfo`` of the option called ``name``; an unknown name raises ``OptionsError``."""
    try:
        return _INFO_BY_NAME[name]
    except KeyError:
        raise OptionsError(f"There is no option called '{name}'") from None


@dataclass(frozen=True)
class Options:
    """The optional rules a table plays with. ``Options()`` is the rules as written.

    An option is a switch, on or off, or a whole number within its ``OptionInfo.bounds``. An
    option whose ``OptionInfo.requires`` is off must be off too: "The Stance Strike modifier is
    optional (and can only be used if the optional Strike Speed Order of Battle rules are
    used)" (Seed 003: Combat Stance).

    The facing options: ``shields`` is UA Combat Facing's optional shield facing;
    ``whirlwind_only_in_the_action`` reads "Whirlwind attack: Characters with this feat can
    attack into any area without penalty" as covering only the Whirlwind Attack itself (off:
    every attack, as written); ``flanked_penalty`` is the AC penalty of seed 001's flanked
    condition, doubled from the rear.

    The readings (docs/rules.md names both sides of each): ``reach_corners`` lets a 10-foot
    reach take the square two diagonals away (``rules.reach``), for attacks, threatened cells
    and attacks of opportunity alike; ``corner_facing_front_faces`` gives a big creature facing
    a corner (UA) both front faces and the corner in front, and ``variant_rear_is_back_face``
    gives every size the variant's whole back face as rear (``rules.zones.with_readings``);
    ``sideways_step_costs_two`` reads "It costs two squares of movement to enter a square on
    your flank or in your rear area" literally, 2 for any such step, where off it doubles the
    step (a diagonal 3; ``rules.movement``); ``variant_flanked_only_adjacent`` grants seed
    001's flanked condition and sneak attack only from the spaces bordering the target, not
    from further out with reach; ``ranged_sneak_attack_within_30_ft``, on unless switched off,
    keeps the standard rules' 30-foot limit on ranged sneak attacks (``rules.facing``).

    The fight: ``flat_footed_until_first_turn``, on unless switched off, makes a creature
    flat-footed in round 1 until its first turn, once initiative is rolled for the creatures
    (``rules.round.flat_footed_names``).
    """

    body_points: bool = False
    fighter_crits_on_19: bool = False
    natural_20_always_hits: bool = False
    crit_hit_effects: bool = False
    crit_hit_effects_for_monsters: bool = False
    crit_miss_effects: bool = False
    crit_miss_effects_for_monsters: bool = False
    crit_miss_effects_for_fighting_classes: bool = False
    strike_speed: bool = False
    stance_strike_modifier: bool = False
    shields: bool = False
    whirlwind_only_in_the_action: bool = False
    flanked_penalty: int = 2
    reach_corners: bool = False
    corner_facing_front_faces: bool = False
    variant_rear_is_back_face: bool = False
    sideways_step_costs_two: bool = False
    variant_flanked_only_adjacent: bool = False
    ranged_sneak_attack_within_30_ft: bool = True
    flat_footed_until_first_turn: bool = True

    def __post_init__(self):
        for field in fields(self):
            _check_value(option_info(field.name), getattr(self, field.name))
        for info in OPTION_INFO:
            if info.requires and getattr(self, info.name) and not getattr(self, info.requires):
                raise OptionsError(
                    f"'{info.label}' needs '{option_info(info.requires).label}'"
                )


def _check_value(info: OptionInfo, value) -> None:
    """Raise ``OptionsError`` unless ``value`` suits the option: a ``bool`` for a switch, a
    whole number within ``bounds`` for a number."""
    if not info.is_number:
        if type(value) is not bool:
            raise OptionsError(f"The option '{info.label}' is on or off, not {value!r}")
        return
    least, greatest = info.bounds
    if type(value) is not int or not least <= value <= greatest:
        raise OptionsError(
            f"The option '{info.label}' is a whole number from {least} to {greatest}, "
            f"not {value!r}"
        )


DEFAULT_OPTIONS = Options()
"""The rules as written: every optional rule off, every reading at the one docs/rules.md argues
for (all off but ``ranged_sneak_attack_within_30_ft`` and ``flat_footed_until_first_turn``)."""


def set_option(options: Options, name: str, value: bool | int) -> Options:
    """``options`` with ``name`` set to ``value``, keeping the options consistent.

    Switching an option on switches on what it requires; switching one off switches off what
    requires it. A number is set as it is, if within its bounds. This is what a control on the
    page calls.
    """
    info = option_info(name)
    _check_value(info, value)
    changes = {name: value}
    if info.is_number:
        return replace(options, **changes)
    if value:
        required = info.requires
        while required:
            changes[required] = True
            required = option_info(required).requires
    else:
        dropped = {name}
        while True:
            needing = {each.name for each in OPTION_INFO if each.requires in dropped} - dropped
            if not needing:
                break
            dropped |= needing
        changes.update(dict.fromkeys(dropped, False))
    return replace(options, **changes)


def options_code(options: Options) -> str:
    """The canonical compact text of ``options``, for the encounter code.

    Options at their default are left out, so ``options_code(Options()) == ""``. A switch that
    is on is its bare name, one turned off from an on default is ``name=0``; a number is
    ``name=value``. They are joined by commas in field order.
    """
    parts = []
    for field in fields(options):
        value = getattr(options, field.name)
        if value == field.default:
            continue
        if option_info(field.name).is_number:
            parts.append(f"{field.name}={value}")
        else:
            parts.append(field.name if value else f"{field.name}=0")
    return ",".join(parts)


def _parse_value(info: OptionInfo, has_value: bool, text: str) -> bool | int:
    """The value ``text`` gives the option: a switch reads a bare name or 1 as on and 0 as off,
    a number reads whole numbers; anything else raises ``OptionsError``."""
    if info.is_number:
        if text.isascii() and text.isdigit():
            return int(text)
        least, greatest = info.bounds
        raise OptionsError(
            f"The option '{info.label}' is a whole number from {least} to {greatest}, "
            f"not '{text}'"
        )
    if not has_value or text == "1":
        return True
    if text == "0":
        return False
    raise OptionsError(f"The option '{info.label}' is on (1) or off (0), not '{text}'")


def parse_options(code: str) -> Options:
    """Read the text ``options_code`` writes back into ``Options``.

    A bare name or ``name=1`` switches an option on, ``name=0`` off; a number option is
    ``name=value``. Unknown names and other values raise ``OptionsError``.
    """
    changes = {}
    for part in filter(None, code.split(",")):
        name, has_value, text = part.partition("=")
        changes[name] = _parse_value(option_info(name), bool(has_value), text)
    return Options(**changes)
