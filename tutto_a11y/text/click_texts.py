"""click's own texts, listed so that they are extracted into our catalogs and translated.

click looks these up with ``gettext.gettext`` under our text domain (see ``i18n.use_for_click``);
this module is never imported at run time. The msgids must match click's exactly.
"""

from gettext import gettext as N_, ngettext

TEXTS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Option {name!r} does not take a value."),
    N_("Aborted!"),
    N_("env var: {var}"),
    N_("default: {default}"),
    N_("required"),
    N_("%(prog)s, version %(version)s"),
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} "
             "arguments.", 1),
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})",
             1),
)
