"""argparse for Kiln: command-line parsing with CPython 3.11's rules, help text and errors.

Written in the Python subset Kiln runs (no sets, no generators). The parsing algorithm is
CPython's: every argument string is classified as 'O' (an option), 'A' (an argument) or '-' ('--'),
positionals are matched greedily against that pattern with regular expressions built from their
nargs, and options consume what their nargs pattern allows. The help formatter reproduces
HelpFormatter's layout (usage wrapping, a 24-column help position, 78-column lines: CPython's
width when the output is not a terminal). Mutually exclusive groups are CPython's (conflicts checked as
arguments are taken, required groups after the required arguments, the [a | b] / (a | b) usage);
subparsers are CPython's _SubParsersAction; fromfile prefixes and custom formatter classes are left out
and say so.
"""
import re as _re
import sys as _sys

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
PARSER = "A..."
REMAINDER = "..."

_UNSET = "==KILN_UNSET=="


def _not_supported(what):
    raise NotImplementedError(what + " is not supported in Kiln's argparse")


class _AttributeHolder:
    """CPython's base of Namespace and Action: a repr of the class name and `_get_args()` /
    `_get_kwargs()`. Old training scripts read a parsed Namespace through the private
    `args._get_kwargs()` (`state = {k: v for k, v in args._get_kwargs()}` in bearpaw's
    pytorch-classification and its copies), so the names are CPython's."""

    def __repr__(self):
        type_name = type(self).__name__
        arg_strings = []
        star_args = {}
        for arg in self._get_args():
            arg_strings.append(repr(arg))
        for name, value in self._get_kwargs():
            if name.isidentifier():
                arg_strings.append("%s=%r" % (name, value))
            else:
                star_args[name] = value
        if star_args:
            arg_strings.append("**%s" % repr(star_args))
        return "%s(%s)" % (type_name, ", ".join(arg_strings))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


class Namespace(_AttributeHolder):
    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message
        super().__init__(message)

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


def _get_action_name(argument):
    if argument is None:
        return None
    elif argument.option_strings:
        return "/".join(argument.option_strings)
    elif argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    elif argument.dest not in (None, SUPPRESS):
        return argument.dest
    elif argument.choices:
        return "{" + ",".join(argument.choices) + "}"
    return None


# ---- actions ---------------------------------------------------------------------------------------

class Action(_AttributeHolder):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ["option_strings", "dest", "nargs", "const", "default", "type", "choices", "required", "help", "metavar"]
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(".__call__() not defined")


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for store actions must be != 0; if you have nothing to store, "
                             "actions such as store true or store const may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None):
        super().__init__(option_strings, dest, 0, const, default, None, None, required, help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings, dest, True, default, required, help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings, dest, False, default, required, help)


def _copy_items(items):
    if items is None:
        return []
    return list(items)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for append actions must be != 0; if arg strings are not supplying "
                             "the value to append, the append const action may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None):
        super().__init__(option_strings, dest, 0, const, default, None, None, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings, dest, 0, None, default, None, None, required, help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings, dest, 0, None, default, None, None, False, help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest, 0, None, default, None, None, False, help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        _option_strings = []
        for option_string in option_strings:
            _option_strings.append(option_string)
            if option_string.startswith("--"):
                _option_strings.append("--no-" + option_string[2:])
        if help is not None and default is not None and default is not SUPPRESS:
            help += " (default: %(default)s)"
        super().__init__(_option_strings, dest, 0, None, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith("--no-"))

    def format_usage(self):
        return " | ".join(self.option_strings)


class _SubParsersAction(Action):
    """add_subparsers(): a positional of nargs PARSER whose first string names a sub-parser; that
    parser parses the rest into its own namespace, copied into the caller's (CPython's rules)."""

    class _ChoicesPseudoAction(Action):
        def __init__(self, name, aliases, help):
            metavar = dest = name
            if aliases:
                metavar += " (%s)" % ", ".join(aliases)
            Action.__init__(self, option_strings=[], dest=dest, help=help, metavar=metavar)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False, help=None,
                 metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=PARSER,
                        choices=self._name_parser_map, required=required, help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get("prog") is None:
            kwargs["prog"] = "%s %s" % (self._prog_prefix, name)
        aliases = kwargs.pop("aliases", ())
        if name in self._name_parser_map:
            raise ArgumentError(self, "conflicting subparser: %s" % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, "conflicting subparser alias: %s" % alias)
        if "help" in kwargs:
            help = kwargs.pop("help")
            self._choices_actions.append(self._ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        if parser_name not in self._name_parser_map:
            raise ArgumentError(self, "unknown parser %r (choices: %s)"
                                % (parser_name, ", ".join(self._name_parser_map)))
        subparser = self._name_parser_map[parser_name]
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            vars(namespace).setdefault(_UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(arg_strings)


_UNRECOGNIZED_ARGS_ATTR = "_unrecognized_args"


_ACTIONS = {
    None: _StoreAction, "store": _StoreAction, "store_const": _StoreConstAction,
    "store_true": _StoreTrueAction, "store_false": _StoreFalseAction, "append": _AppendAction,
    "append_const": _AppendConstAction, "count": _CountAction, "help": _HelpAction, "version": _VersionAction,
    "parsers": _SubParsersAction,
}


# ---- text wrapping (textwrap.wrap on whitespace) ------------------------------------------------------

def _wrap(text, width, initial_indent="", subsequent_indent=""):
    words = text.split()
    lines = []
    line = initial_indent
    empty = True
    for word in words:
        indent = initial_indent if not lines else subsequent_indent
        if empty:
            line = indent + word
            empty = False
            # a word longer than the line is broken, as textwrap does
            while len(line) > width and width - len(indent) > 0:
                lines.append(line[:width])
                line = subsequent_indent + line[width:]
                indent = subsequent_indent
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            lines.append(line)
            line = subsequent_indent + word
            while len(line) > width and width - len(subsequent_indent) > 0:
                lines.append(line[:width])
                line = subsequent_indent + line[width:]
    if not empty:
        lines.append(line)
    return lines


# ---- the help formatter -----------------------------------------------------------------------------

class _Block:
    def __init__(self, formatter, parent, heading=None):
        self.formatter = formatter
        self.parent = parent
        self.heading = heading
        self.items = []

    def format_help(self):
        if self.parent is not None:
            self.formatter._indent()
        parts = []
        for item in self.items:
            parts.append(item[0](*item[1]))
        item_help = self.formatter._concat(parts)
        if self.parent is not None:
            self.formatter._dedent()
        if not item_help:
            return ""
        if self.heading is not SUPPRESS and self.heading is not None:
            heading = "%*s%s:\n" % (self.formatter._current_indent, "", self.heading)
        else:
            heading = ""
        return self.formatter._concat(["\n", heading, item_help, "\n"])


class HelpFormatter:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = 80
            columns = _environ_columns()
            if columns is not None:
                width = columns
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root_section = _Block(self, None)
        self._current_section = self._root_section

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        self._level -= 1

    def _push(self, func, args):
        self._current_section.items.append((func, args))

    def start_section(self, heading):
        self._indent()
        section = _Block(self, self._current_section, heading)
        self._push(section.format_help, [])
        self._current_section = section

    def end_section(self):
        self._current_section = self._current_section.parent
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._push(self._text_block, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._push(self._usage_block, [usage, actions, groups, prefix])

    def _subactions(self, action):
        get = getattr(action, "_get_subactions", None)
        return get() if get is not None else []

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            invocations = [self._invocation(action)]
            invocation_length = max([len(s) for s in invocations]) + self._current_indent
            self._indent()
            for subaction in self._subactions(action):
                invocation_length = max(invocation_length, len(self._invocation(subaction)) + self._current_indent)
            self._dedent()
            self._action_max_length = max(self._action_max_length, invocation_length)
            self._push(self._action_block, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        help = self._root_section.format_help()
        if help:
            help = _re.sub(r"\n\n\n+", "\n\n", help)
            help = help.strip("\n") + "\n"
        return help

    def _concat(self, part_strings):
        return "".join([part for part in part_strings if part and part is not SUPPRESS])

    def _usage_block(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = "usage: "
        if usage is not None:
            usage = usage.replace("%(prog)s", self._prog)
        elif usage is None and not actions:
            usage = self._prog
        elif usage is None:
            prog = self._prog
            optionals = []
            positionals = []
            for action in actions:
                if action.option_strings:
                    optionals.append(action)
                else:
                    positionals.append(action)
            action_usage = self._usage_text(optionals + positionals, groups)
            usage = " ".join([s for s in [prog, action_usage] if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                part_regexp = r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+"
                opt_usage = self._usage_text(optionals, groups)
                pos_usage = self._usage_text(positionals, groups)
                opt_parts = _re.findall(part_regexp, opt_usage)
                pos_parts = _re.findall(part_regexp, pos_usage)
                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = " " * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = _usage_lines([prog] + opt_parts, indent, text_width, prefix)
                        lines.extend(_usage_lines(pos_parts, indent, text_width))
                    elif pos_parts:
                        lines = _usage_lines([prog] + pos_parts, indent, text_width, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = " " * len(prefix)
                    parts = opt_parts + pos_parts
                    lines = _usage_lines(parts, indent, text_width)
                    if len(lines) > 1:
                        lines = []
                        lines.extend(_usage_lines(opt_parts, indent, text_width))
                        lines.extend(_usage_lines(pos_parts, indent, text_width))
                    lines = [prog] + lines
                usage = "\n".join(lines)
        return "%s%s\n\n" % (prefix, usage)

    def _usage_text(self, actions, groups):
        # CPython's _format_actions_usage: a group whose actions stand together in `actions` is
        # bracketed ([a | b], or (a | b) when required) with '|' between its members.
        group_actions = []
        inserts = {}
        for group in groups:
            if not group._group_actions:
                raise ValueError(f"empty group {group}")
            start = -1
            for k in range(len(actions)):
                if actions[k] is group._group_actions[0]:
                    start = k
                    break
            if start < 0:
                continue
            group_action_count = len(group._group_actions)
            end = start + group_action_count
            same = end <= len(actions)
            if same:
                for k in range(group_action_count):
                    if actions[start + k] is not group._group_actions[k]:
                        same = False
                        break
            if not same:
                continue
            suppressed_actions_count = 0
            for action in group._group_actions:
                group_actions.append(action)
                if action.help is SUPPRESS:
                    suppressed_actions_count += 1
            exposed_actions_count = group_action_count - suppressed_actions_count
            if not group.required:
                inserts[start] = inserts[start] + " [" if start in inserts else "["
                inserts[end] = inserts[end] + "]" if end in inserts else "]"
            elif exposed_actions_count > 1:
                inserts[start] = inserts[start] + " (" if start in inserts else "("
                inserts[end] = inserts[end] + ")" if end in inserts else ")"
            for i in range(start + 1, end):
                inserts[i] = "|"

        def in_group(action):
            for a in group_actions:
                if a is action:
                    return True
            return False

        parts = []
        for i in range(len(actions)):
            action = actions[i]
            if action.help is SUPPRESS:
                parts.append(None)
                if inserts.get(i) == "|":
                    inserts.pop(i)
                elif inserts.get(i + 1) == "|":
                    inserts.pop(i + 1)
            elif not action.option_strings:
                part = self._args_text(action, self._get_default_metavar_for_positional(action))
                if in_group(action):
                    if part[0] == "[" and part[-1] == "]":
                        part = part[1:-1]
                parts.append(part)
            else:
                option_string = action.option_strings[0]
                if action.nargs == 0:
                    part = action.format_usage()
                else:
                    args_string = self._args_text(action, self._get_default_metavar_for_optional(action))
                    part = "%s %s" % (option_string, args_string)
                if not action.required and not in_group(action):
                    part = "[%s]" % part
                parts.append(part)
        for i in sorted(inserts, reverse=True):
            parts[i:i] = [inserts[i]]
        text = " ".join([item for item in parts if item is not None])
        text = _re.sub(r"([\[(]) ", r"\1", text)
        text = _re.sub(r" ([\])])", r"\1", text)
        text = _re.sub(r"[\[(] *[\])]", r"", text)
        return text.strip()

    def _text_block(self, text):
        if "%(prog)" in text:
            text = text.replace("%(prog)s", self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = " " * self._current_indent
        return self._fill_text(text, text_width, indent) + "\n\n"

    def _action_block(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        action_header = self._invocation(action)
        indent_first = 0
        if not action.help:
            action_header = "%*s%s\n" % (self._current_indent, "", action_header)
        elif len(action_header) <= action_width:
            action_header = "%*s%-*s  " % (self._current_indent, "", action_width, action_header)
            indent_first = 0
        else:
            action_header = "%*s%s\n" % (self._current_indent, "", action_header)
            indent_first = help_position
        parts = [action_header]
        if action.help and action.help.strip():
            help_text = self._help_text(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append("%*s%s\n" % (indent_first, "", help_lines[0]))
                for line in help_lines[1:]:
                    parts.append("%*s%s\n" % (help_position, "", line))
        elif not action_header.endswith("\n"):
            parts.append("\n")
        subactions = self._subactions(action)
        if subactions:
            self._indent()
            for subaction in subactions:
                parts.append(self._action_block(subaction))
            self._dedent()
        return self._concat(parts)

    def _invocation(self, action):
        if not action.option_strings:
            return self._metavars(action, self._get_default_metavar_for_positional(action))(1)[0]
        parts = []
        if action.nargs == 0:
            parts.extend(action.option_strings)
        else:
            args_string = self._args_text(action, self._get_default_metavar_for_optional(action))
            for option_string in action.option_strings:
                parts.append("%s %s" % (option_string, args_string))
        return ", ".join(parts)

    def _metavars(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = "{%s}" % ",".join([str(choice) for choice in action.choices])
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _args_text(self, action, default_metavar):
        get_metavar = self._metavars(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            return "%s" % get_metavar(1)
        if nargs == OPTIONAL:
            return "[%s]" % get_metavar(1)
        if nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                return "[%s [%s ...]]" % metavar
            return "[%s ...]" % metavar
        if nargs == ONE_OR_MORE:
            return "%s [%s ...]" % get_metavar(2)
        if nargs == REMAINDER:
            return "..."
        if nargs == PARSER:
            return "%s ..." % get_metavar(1)
        if nargs == SUPPRESS:
            return ""
        if not isinstance(nargs, int):
            raise ValueError("invalid nargs value")
        formats = ["%s" for _ in range(nargs)]
        return " ".join(formats) % get_metavar(nargs)

    def _help_text(self, action):
        params = {}
        for pair in action._get_kwargs():
            params[pair[0]] = pair[1]
        params["prog"] = self._prog
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], "__name__"):
                params[name] = params[name].__name__
        if params.get("choices") is not None:
            params["choices"] = ", ".join([str(c) for c in params["choices"]])
        return self._get_help_string(action) % params

    def _split_lines(self, text, width):
        return _wrap(" ".join(text.split()), width)

    def _fill_text(self, text, width, indent):
        return "\n".join(_wrap(" ".join(text.split()), width, indent, indent))

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ""
        if "%(default)" not in help:
            if action.default is not SUPPRESS:
                if action.option_strings or action.nargs in [OPTIONAL, ZERO_OR_MORE]:
                    help += " (default: %(default)s)"
        return help


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return "".join([indent + line for line in text.splitlines(True)])


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


def _usage_lines(parts, indent, text_width, prefix=None):
    lines = []
    line = []
    indent_length = len(indent)
    if prefix is not None:
        line_len = len(prefix) - 1
    else:
        line_len = indent_length - 1
    for part in parts:
        if line_len + 1 + len(part) > text_width and line:
            lines.append(indent + " ".join(line))
            line = []
            line_len = indent_length - 1
        line.append(part)
        line_len += len(part) + 1
    if line:
        lines.append(indent + " ".join(line))
    if prefix is not None:
        lines[0] = lines[0][len(indent):]
    return lines


def _environ_columns():
    try:
        import os
        text = os.environ.get("COLUMNS", "")
        if text:
            return int(text)
    except (ValueError, ImportError):
        pass
    return None


# ---- containers of actions --------------------------------------------------------------------------

class _ActionsContainer:
    def _init_container(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def set_defaults(self, **kwargs):
        for key in kwargs:
            self._defaults[key] = kwargs[key]
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if "default" not in kwargs:
            dest = kwargs["dest"]
            if dest in self._defaults:
                kwargs["default"] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs["default"] = self.argument_default
        action_name = kwargs.pop("action", None)
        if action_name in _ACTIONS:
            action_class = _ACTIONS[action_name]
        elif callable(action_name):
            action_class = action_name
        else:
            raise ValueError("unknown action \"%s\"" % (action_name,))
        type_func = kwargs.get("type", None)
        if type_func is not None and not callable(type_func):
            raise ValueError("%r is not callable" % (type_func,))
        if "version" in kwargs and action_class is not _VersionAction:
            raise TypeError("__init__() got an unexpected keyword argument 'version'")
        action = action_class(**kwargs)
        if type_func is not None and type_func is not action.type:
            action.type = type_func
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_clash(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        for option_string in action.option_strings:
            if _re.match(r"^-\d+$|^-\d*\.\d+$", option_string):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _get_positional_kwargs(self, dest, **kwargs):
        if "required" in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get("nargs") not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs["required"] = True
        if kwargs.get("nargs") == ZERO_OR_MORE and "default" not in kwargs:
            kwargs["required"] = True
        kwargs["dest"] = dest
        kwargs["option_strings"] = []
        return kwargs

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                raise ValueError("invalid option string %r: must start with a character %r"
                                 % (option_string, self.prefix_chars))
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop("dest", None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError("dest= is required for options like %r" % option_string)
            dest = dest.replace("-", "_")
        kwargs["dest"] = dest
        kwargs["option_strings"] = option_strings
        return kwargs

    def _check_clash(self, action):
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                if self.conflict_handler == "resolve":
                    old = self._option_string_actions[option_string]
                    old.option_strings.remove(option_string)
                    del self._option_string_actions[option_string]
                    if not old.option_strings:
                        old.container._remove_action(old)
                else:
                    raise ArgumentError(action, "conflicting option string: %s" % option_string)

    def _remove_action(self, action):
        self._actions.remove(action)


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        self._init_container(description, container.prefix_chars, container.argument_default, container.conflict_handler)
        self.title = title
        self._group_actions = []
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = _ActionsContainer._add_action(self, action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        _ActionsContainer._remove_action(self, action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        _ArgumentGroup.__init__(self, container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError("mutually exclusive arguments must be optional")
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


def _prog_name():
    import os
    return os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else "kiln"


class ArgumentParser(_ActionsContainer):
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        self._init_container(description, prefix_chars, argument_default, conflict_handler)
        if prog is None:
            prog = _prog_name()
        if fromfile_prefix_chars is not None:
            _not_supported("fromfile_prefix_chars")
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group("positional arguments")
        self._optionals = self.add_argument_group("options")
        self._subparsers = None
        default_prefix = "-" if "-" in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + "h", default_prefix * 2 + "help", action="help",
                              default=SUPPRESS, help="show this help message and exit")
        for parent in parents:
            group_map = {}
            for group in parent._mutually_exclusive_groups:
                mutex_group = self.add_mutually_exclusive_group(required=group.required)
                for action in group._group_actions:
                    group_map[action] = mutex_group
            for action in parent._actions:
                group_map.get(action, self)._add_action(action)
            for key in parent._defaults:
                self._defaults[key] = parent._defaults[key]

    def __repr__(self):
        names = ["prog", "usage", "description", "formatter_class", "conflict_handler", "add_help"]
        parts = []
        for name in names:
            value = getattr(self, name)
            if name == "formatter_class":
                parts.append("%s=<class 'argparse.%s'>" % (name, value.__name__))
            else:
                parts.append("%s=%r" % (name, value))
        return "ArgumentParser(%s)" % ", ".join(parts)

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error("cannot have multiple subparser arguments")
        kwargs.setdefault("parser_class", type(self))
        if "title" in kwargs or "description" in kwargs:
            title = kwargs.pop("title", "subcommands")
            description = kwargs.pop("description", None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get("prog") is None:
            # the sub-parsers' prog: this parser's usage with its positionals, no "usage: "
            formatter = self._get_formatter()
            positionals = self._get_positional_actions()
            formatter.add_usage(self.usage, positionals, self._mutually_exclusive_groups, "")
            kwargs["prog"] = formatter.format_help().strip()
        action_class = kwargs.pop("action", "parsers")
        if action_class in _ACTIONS:
            action_class = _ACTIONS[action_class]
        action = action_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [action for action in self._actions if action.option_strings]

    def _get_positional_actions(self):
        return [action for action in self._actions if not action.option_strings]

    # ---- parsing ----

    def parse_args(self, args=None, namespace=None):
        result = self.parse_known_args(args, namespace)
        args, argv = result
        if argv:
            self.error("unrecognized arguments: %s" % " ".join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS:
                if not hasattr(namespace, action.dest):
                    if action.default is not SUPPRESS:
                        setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                result = self._parse_into(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            result = self._parse_into(args, namespace)
        namespace, extras = result
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            extras.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, extras

    def _parse_into(self, arg_strings, namespace):
        option_string_indices = {}
        arg_string_pattern_parts = []
        i = 0
        while i < len(arg_strings):
            arg_string = arg_strings[i]
            if arg_string == "--":
                arg_string_pattern_parts.append("-")
                for _ in arg_strings[i + 1:]:
                    arg_string_pattern_parts.append("A")
                break
            option_tuple = self._classify(arg_string)
            if option_tuple is None:
                pattern = "A"
            else:
                option_string_indices[i] = option_tuple
                pattern = "O"
            arg_string_pattern_parts.append(pattern)
            i += 1
        arg_strings_pattern = "".join(arg_string_pattern_parts)

        state = _ParseState(self, namespace, arg_strings, arg_strings_pattern, option_string_indices)
        if option_string_indices:
            max_option_string_index = max(list(option_string_indices.keys()))
        else:
            max_option_string_index = -1
        start_index = 0
        while start_index <= max_option_string_index:
            next_option_string_index = min([index for index in option_string_indices if index >= start_index])
            if start_index != next_option_string_index:
                positionals_end_index = state.consume_positionals(start_index)
                if positionals_end_index > start_index:
                    start_index = positionals_end_index
                    continue
                else:
                    start_index = positionals_end_index
            if start_index not in option_string_indices:
                strings = arg_strings[start_index:next_option_string_index]
                state.extras.extend(strings)
                start_index = next_option_string_index
            start_index = state.consume_optional(start_index)
        stop_index = state.consume_positionals(start_index)
        state.extras.extend(arg_strings[stop_index:])

        required_actions = []
        for action in self._actions:
            if not state.was_seen(action):
                if action.required:
                    required_actions.append(_get_action_name(action))
                else:
                    if (action.default is not None and isinstance(action.default, str)
                            and hasattr(namespace, action.dest)
                            and action.default is getattr(namespace, action.dest)):
                        setattr(namespace, action.dest, self._convert(action, action.default))
        if required_actions:
            self.error("the following arguments are required: %s" % ", ".join(required_actions))
        for group in self._mutually_exclusive_groups:
            if group.required:
                used = False
                for action in group._group_actions:
                    if state.was_seen_non_default(action):
                        used = True
                        break
                if not used:
                    names = [_get_action_name(action) for action in group._group_actions if action.help is not SUPPRESS]
                    self.error("one of the arguments %s is required" % " ".join(names))
        return namespace, state.extras

    def _classify(self, arg_string):
        if not arg_string:
            return None
        if not arg_string[0] in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            return (self._option_string_actions[arg_string], arg_string, None)
        if len(arg_string) == 1:
            return None
        if "=" in arg_string:
            option_string, explicit_arg = arg_string.split("=", 1)
            if option_string in self._option_string_actions:
                return (self._option_string_actions[option_string], option_string, explicit_arg)
        option_tuples = self._prefix_matches(arg_string)
        if len(option_tuples) > 1:
            options = ", ".join([option_tuple[1] for option_tuple in option_tuples])
            self.error("ambiguous option: %s could match %s" % (arg_string, options))
        elif len(option_tuples) == 1:
            return option_tuples[0]
        if _re.match(r"^-\d+$|^-\d*\.\d+$", arg_string):
            if not self._has_negative_number_optionals:
                return None
        if " " in arg_string:
            return None
        return (None, arg_string, None)

    def _prefix_matches(self, option_string):
        result = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                if "=" in option_string:
                    option_prefix, explicit_arg = option_string.split("=", 1)
                else:
                    option_prefix = option_string
                    explicit_arg = None
                for candidate in self._option_string_actions:
                    if candidate.startswith(option_prefix):
                        result.append((self._option_string_actions[candidate], candidate, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            option_prefix = option_string
            explicit_arg = None
            short_option_prefix = option_string[:2]
            short_explicit_arg = option_string[2:]
            for candidate in self._option_string_actions:
                if candidate == short_option_prefix:
                    result.append((self._option_string_actions[candidate], candidate, short_explicit_arg))
                elif candidate.startswith(option_prefix):
                    result.append((self._option_string_actions[candidate], candidate, explicit_arg))
        else:
            self.error("unexpected option string: %s" % option_string)
        return result

    def _nargs_regex(self, action):
        nargs = action.nargs
        if nargs is None:
            nargs_pattern = "(-*A-*)"
        elif nargs == OPTIONAL:
            nargs_pattern = "(-*A?-*)"
        elif nargs == ZERO_OR_MORE:
            nargs_pattern = "(-*[A-]*)"
        elif nargs == ONE_OR_MORE:
            nargs_pattern = "(-*A[A-]*)"
        elif nargs == REMAINDER:
            nargs_pattern = "([-AO]*)"
        elif nargs == PARSER:
            nargs_pattern = "(-*A[-AO]*)"
        elif nargs == SUPPRESS:
            nargs_pattern = "(-*-*)"
        else:
            nargs_pattern = "(-*%s-*)" % "-*".join("A" * nargs)
        if action.option_strings:
            nargs_pattern = nargs_pattern.replace("-*", "")
            nargs_pattern = nargs_pattern.replace("-", "")
        return nargs_pattern

    def _count_option_args(self, action, arg_strings_pattern):
        match = _re.match(self._nargs_regex(action), arg_strings_pattern)
        if match is None:
            if action.nargs is None:
                msg = "expected one argument"
            elif action.nargs == OPTIONAL:
                msg = "expected at most one argument"
            elif action.nargs == ONE_OR_MORE:
                msg = "expected at least one argument"
            elif action.nargs == 1:
                msg = "expected %s argument" % action.nargs
            else:
                msg = "expected %s arguments" % action.nargs
            raise ArgumentError(action, msg)
        return len(match.group(1))

    def _fit_positionals(self, actions, arg_strings_pattern):
        result = []
        for i in range(len(actions), 0, -1):
            actions_slice = actions[:i]
            pattern = "".join([self._nargs_regex(action) for action in actions_slice])
            match = _re.match(pattern, arg_strings_pattern)
            if match is not None:
                result.extend([len(string) for string in match.groups()])
                break
        return result

    def _convert_all(self, action, arg_strings):
        if action.nargs not in [PARSER, REMAINDER]:
            if "--" in arg_strings:
                arg_strings.remove("--")
        if not arg_strings and action.nargs == OPTIONAL:
            if action.option_strings:
                value = action.const
            else:
                value = action.default
            if isinstance(value, str):
                value = self._convert(action, value)
                self._check_choice(action, value)
        elif not arg_strings and action.nargs == ZERO_OR_MORE and not action.option_strings:
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_choice(action, value)
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            value = self._convert(action, arg_strings[0])
            self._check_choice(action, value)
        elif action.nargs == REMAINDER:
            value = [self._convert(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._convert(action, v) for v in arg_strings]
            self._check_choice(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._convert(action, v) for v in arg_strings]
            for v in value:
                self._check_choice(action, v)
        return value

    def _convert(self, action, arg_string):
        type_func = action.type
        if type_func is None:
            return arg_string
        if not callable(type_func):
            raise ArgumentError(action, "%r is not callable" % (type_func,))
        try:
            result = type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, "__name__", repr(action.type))
            raise ArgumentError(action, "invalid %s value: %r" % (name, arg_string))
        return result

    def _check_choice(self, action, value):
        if action.choices is not None and value not in action.choices:
            choices = ", ".join([repr(choice) for choice in action.choices])
            raise ArgumentError(action, "invalid choice: %r (choose from %s)" % (value, choices))

    # ---- help and errors ----

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            file.write(message)

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


class _ParseState:
    """The bookkeeping of one parse_known_args call (CPython keeps it in closures)."""

    def __init__(self, parser, namespace, arg_strings, pattern, option_string_indices):
        self.parser = parser
        self.namespace = namespace
        self.arg_strings = arg_strings
        self.pattern = pattern
        self.option_string_indices = option_string_indices
        self.extras = []
        self.seen = []
        self.seen_non_default = []
        self.positionals = parser._get_positional_actions()
        # Every mutually exclusive argument maps to the arguments it cannot occur with.
        self.conflicts = {}
        for mutex_group in parser._mutually_exclusive_groups:
            group_actions = mutex_group._group_actions
            for i, mutex_action in enumerate(group_actions):
                conflicts = self.conflicts.setdefault(mutex_action, [])
                conflicts.extend(group_actions[:i])
                conflicts.extend(group_actions[i + 1:])

    def was_seen(self, action):
        for a in self.seen:
            if a is action:
                return True
        return False

    def was_seen_non_default(self, action):
        for a in self.seen_non_default:
            if a is action:
                return True
        return False

    def take_action(self, action, argument_strings, option_string=None):
        self.seen.append(action)
        argument_values = self.parser._convert_all(action, argument_strings)
        # An argument that got its default does not count as present for its group's conflicts.
        if argument_values is not action.default:
            self.seen_non_default.append(action)
            for conflict_action in self.conflicts.get(action, []):
                if self.was_seen_non_default(conflict_action):
                    raise ArgumentError(action, "not allowed with argument %s" % _get_action_name(conflict_action))
        if argument_values is not SUPPRESS:
            action(self.parser, self.namespace, argument_values, option_string)

    def consume_optional(self, start_index):
        option_tuple = self.option_string_indices[start_index]
        action = option_tuple[0]
        option_string = option_tuple[1]
        explicit_arg = option_tuple[2]
        action_tuples = []
        stop = start_index + 1
        while True:
            if action is None:
                self.extras.append(self.arg_strings[start_index])
                return start_index + 1
            if explicit_arg is not None:
                arg_count = self.parser._count_option_args(action, "A")
                chars = self.parser.prefix_chars
                if arg_count == 0 and option_string[1] not in chars and explicit_arg != "":
                    action_tuples.append((action, [], option_string))
                    char = option_string[0]
                    option_string = char + explicit_arg[0]
                    new_explicit_arg = explicit_arg[1:]
                    if not new_explicit_arg:
                        new_explicit_arg = None
                    optionals_map = self.parser._option_string_actions
                    if option_string in optionals_map:
                        action = optionals_map[option_string]
                        explicit_arg = new_explicit_arg
                    else:
                        raise ArgumentError(action, "ignored explicit argument %r" % explicit_arg)
                elif arg_count == 1:
                    stop = start_index + 1
                    action_tuples.append((action, [explicit_arg], option_string))
                    break
                else:
                    raise ArgumentError(action, "ignored explicit argument %r" % explicit_arg)
            else:
                start = start_index + 1
                arg_count = self.parser._count_option_args(action, self.pattern[start:])
                stop = start + arg_count
                action_tuples.append((action, self.arg_strings[start:stop], option_string))
                break
        for t in action_tuples:
            self.take_action(t[0], t[1], t[2])
        return stop

    def consume_positionals(self, start_index):
        arg_counts = self.parser._fit_positionals(self.positionals, self.pattern[start_index:])
        for k in range(len(arg_counts)):
            action = self.positionals[k]
            arg_count = arg_counts[k]
            args = self.arg_strings[start_index:start_index + arg_count]
            start_index += arg_count
            self.take_action(action, args)
        self.positionals = self.positionals[len(arg_counts):]
        return start_index
