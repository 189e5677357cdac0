"""The table's optional rules: one value that says which of the seeds' options are in play.

The seed texts mark some rules "optional" or leave them "at the referee's option", and where a
text can fairly be read two ways Flankwise makes the reading an option too. An encounter keeps
one ``Options`` value; rules modules read it and never keep switches of their own. Every option
has a default (the rules as written, with every optional rule off) and a line in
``OPTION_INFO`` naming its label for the page and the seed section it comes from. To add an
option, add a switch (a ``bool`` field with its default) here and its ``OptionInfo`` line; the
canonical code (``options_code`` / ``parse_options``), the page's switch (``set_option``) and
the consistency checks then cover it.
"""

from dataclasses import dataclass, fields, replace

from rules.errors import RulesError


class OptionsError(RulesError):
    """An unknown option, a value of the wrong kind, or an option without the one it needs."""


@dataclass(frozen=True)
class OptionInfo:
    """What the page says about one option.

    ``name`` is the ``Options`` field; ``label`` the words beside its switch; ``section`` the
    seed section it comes from; ``requires`` the name of an option that must be on for this one
    to mean anything (the page greys this one out while that one is off).
    """

    name: str
    label: str
    section: str
    requires: str | None = None


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

    Every option is a switch, on or off. An option whose ``OptionInfo.requires`` is off must be
    off too: "The Stance Strike modifier is optional (and can only be used if the
    optional Strike Speed Order of Battle rules are used)" (Seed 003: Combat Stance).
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

    def __post_init__(self):
        for field in fields(self):
            value = getattr(self, field.name)
            if type(value) is not bool:
                raise OptionsError(
                    f"The option '{option_info(field.name).label}' is on or off, not {value!r}"
                )
        for info in OPTION_INFO:
            if info.requires and getattr(self, info.name) and not getattr(self, info.requires):
                raise OptionsError(
                    f"'{info.label}' needs '{option_info(info.requires).label}'"
                )


DEFAULT_OPTIONS = Options()
"""The rules as written: every optional rule off."""


def set_option(options: Options, name: str, value: bool) -> Options:
    """``options`` with ``name`` set to ``value``, keeping the options consistent.

    Switching an option on switches on what it requires; switching one off switches off what
    requires it. This is what a switch on the page calls.
    """
    option_info(name)
    changes = {name: value}
    if value:
        required = option_info(name).requires
        while required:
            changes[required] = True
            required = option_info(required).requires
    else:
        dropped = {name}
        while True:
            needing = {info.name for info in OPTION_INFO if info.requires in dropped} - dropped
            if not needing:
                break
            dropped |= needing
        changes.update(dict.fromkeys(dropped, False))
    return replace(options, **changes)


def options_code(options: Options) -> str:
    """The canonical compact text of ``options``, for the encounter code.

    Options at their default are left out, so ``options_code(Options()) == ""``. A switch that
    is on is its bare name, one turned off from an on default is ``name=0``; they are joined by
    commas in field order.
    """
    parts = []
    for field in fields(options):
        value = getattr(options, field.name)
        if value != field.default:
            parts.append(field.name if value else f"{field.name}=0")
    return ",".join(parts)


def parse_options(code: str) -> Options:
    """Read the text ``options_code`` writes back into ``Options``.

    A bare name or ``name=1`` switches an option on, ``name=0`` off. Unknown names and other
    values raise ``OptionsError``.
    """
    changes = {}
    for part in filter(None, code.split(",")):
        name, has_value, text = part.partition("=")
        label = option_info(name).label
        if not has_value or text == "1":
            changes[name] = True
        elif text == "0":
            changes[name] = False
        else:
            raise OptionsError(f"The option '{label}' is on (1) or off (0), not '{text}'")
    return Options(**changes)
