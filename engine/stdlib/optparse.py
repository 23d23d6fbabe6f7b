"""optparse for Kiln: CPython's older command-line parser, kept by many training scripts of the
Python 2 era (ZhixiuYe/NER-pytorch's train.py: `optparser.add_option("-T", "--train", default=...)`).

The rules are CPython 3.12's optparse.py: options are declared with add_option (short `-x` and long
`--name` strings, dest taken from the first long option, else the first short one), parsed from
left to right (long options by unique prefix, `--name=value`, clustered short flags `-abc`, a short
option's value attached `-l1` or in the next argument, `--` ends the options), each value converted by
its type (string, int, float, complex, choice) and stored by its action (store, store_const,
store_true, store_false, append, append_const, count, callback, help, version). parse_args returns
(Values, leftover arguments); errors print the usage and "PROG: error: MESSAGE" to stderr and exit
with status 2, with CPython's messages. The help text is IndentedHelpFormatter's (24-column help
position, %default and %prog expanded, the width from $COLUMNS or 80). Left out and refused by name:
TitledHelpFormatter's layout, custom Option subclasses with new types or actions (TYPE_CHECKER and
ACTIONS are read but not extended at runtime), gettext translation.
"""
import os as _os
import sys as _sys

__all__ = ["Option", "make_option", "SUPPRESS_HELP", "SUPPRESS_USAGE", "Values", "OptionContainer",
           "OptionGroup", "OptionParser", "HelpFormatter", "IndentedHelpFormatter", "TitledHelpFormatter",
           "OptParseError", "OptionError", "OptionConflictError", "OptionValueError", "BadOptionError",
           "check_choice"]

SUPPRESS_HELP = "SUPPRESS" + "HELP"
SUPPRESS_USAGE = "SUPPRESS" + "USAGE"
NO_DEFAULT = ("NO", "DEFAULT")


class OptParseError(Exception):
    def __init__(self, msg):
        self.msg = msg

    def __str__(self):
        return self.msg


class OptionError(OptParseError):
    def __init__(self, msg, option):
        self.msg = msg
        self.option_id = str(option)

    def __str__(self):
        if self.option_id:
            return "option %s: %s" % (self.option_id, self.msg)
        return self.msg


class OptionConflictError(OptionError):
    pass


class OptionValueError(OptParseError):
    pass


class BadOptionError(OptParseError):
    def __init__(self, opt_str):
        self.opt_str = opt_str

    def __str__(self):
        return "no such option: %s" % self.opt_str


class AmbiguousOptionError(BadOptionError):
    def __init__(self, opt_str, possibilities):
        BadOptionError.__init__(self, opt_str)
        self.possibilities = possibilities

    def __str__(self):
        return "ambiguous option: %s (%s?)" % (self.opt_str, ", ".join(self.possibilities))


def _parse_num(val, type):
    if val[:2].lower() == "0x":
        radix = 16
    elif val[:2].lower() == "0b":
        radix = 2
        val = val[2:] or "0"
    elif val[:1] == "0":
        radix = 8
    else:
        radix = 10
    return type(val, radix)


def _parse_int(val):
    return _parse_num(val, int)


_builtin_cvt = {"int": (_parse_int, "integer"), "long": (_parse_int, "integer"),
                "float": (float, "floating-point"), "complex": (complex, "complex")}


def check_builtin(option, opt, value):
    cvt, what = _builtin_cvt[option.type]
    try:
        return cvt(value)
    except ValueError:
        raise OptionValueError("option %s: invalid %s value: %r" % (opt, what, value))


def check_choice(option, opt, value):
    if value in option.choices:
        return value
    choices = ", ".join(map(repr, option.choices))
    raise OptionValueError("option %s: invalid choice: %r (choose from %s)" % (opt, value, choices))


class Option:
    ATTRS = ["action", "type", "dest", "default", "nargs", "const", "choices", "callback", "callback_args",
             "callback_kwargs", "help", "metavar"]
    ACTIONS = ("store", "store_const", "store_true", "store_false", "append", "append_const", "count",
               "callback", "help", "version")
    STORE_ACTIONS = ("store", "store_const", "store_true", "store_false", "append", "append_const", "count")
    TYPED_ACTIONS = ("store", "append", "callback")
    ALWAYS_TYPED_ACTIONS = ("store", "append")
    CONST_ACTIONS = ("store_const", "append_const")
    TYPES = ("string", "int", "long", "float", "complex", "choice")
    TYPE_CHECKER = {"int": check_builtin, "long": check_builtin, "float": check_builtin,
                    "complex": check_builtin, "choice": check_choice}

    def __init__(self, *opts, **attrs):
        self._short_opts = []
        self._long_opts = []
        opts = self._check_opt_strings(opts)
        self._set_opt_strings(opts)
        for attr in self.ATTRS:
            if attr in attrs:
                setattr(self, attr, attrs.pop(attr))
            elif attr == "default":
                setattr(self, attr, NO_DEFAULT)
            else:
                setattr(self, attr, None)
        if attrs:
            attrs = sorted(attrs.keys())
            raise OptionError("invalid keyword arguments: %s" % ", ".join(attrs), self)
        self._check_action()
        self._check_type()
        self._check_choice()
        self._check_dest()
        self._check_const()
        self._check_nargs()
        self._check_callback()

    def _check_opt_strings(self, opts):
        opts = [opt for opt in opts if opt]
        if not opts:
            raise TypeError("at least one option string must be supplied")
        return opts

    def _set_opt_strings(self, opts):
        for opt in opts:
            if len(opt) < 2:
                raise OptionError("invalid option string %r: must be at least two characters long" % opt, self)
            elif len(opt) == 2:
                if not (opt[0] == "-" and opt[1] != "-"):
                    raise OptionError("invalid short option string %r: must be of the form -x, (x any "
                                      "non-dash char)" % opt, self)
                self._short_opts.append(opt)
            else:
                if not (opt[0:2] == "--" and opt[2] != "-"):
                    raise OptionError("invalid long option string %r: must start with --, followed by "
                                      "non-dash" % opt, self)
                self._long_opts.append(opt)

    def _check_action(self):
        if self.action is None:
            self.action = "store"
        elif self.action not in self.ACTIONS:
            raise OptionError("invalid action: %r" % self.action, self)

    def _check_type(self):
        if self.type is None:
            if self.action in self.ALWAYS_TYPED_ACTIONS:
                self.type = "choice" if self.choices is not None else "string"
        else:
            if isinstance(self.type, type):
                self.type = self.type.__name__
            if self.type == "str":
                self.type = "string"
            if self.type not in self.TYPES:
                raise OptionError("invalid option type: %r" % self.type, self)
            if self.action not in self.TYPED_ACTIONS:
                raise OptionError("must not supply a type for action %r" % self.action, self)

    def _check_choice(self):
        if self.type == "choice":
            if self.choices is None:
                raise OptionError("must supply a list of choices for type 'choice'", self)
            elif not isinstance(self.choices, (tuple, list)):
                raise OptionError("choices must be a list of strings ('%s' supplied)"
                                  % str(type(self.choices)).split("'")[1], self)
        elif self.choices is not None:
            raise OptionError("must not supply choices for type %r" % self.type, self)

    def _check_dest(self):
        takes_value = self.action in self.STORE_ACTIONS or self.type is not None
        if self.dest is None and takes_value:
            if self._long_opts:
                self.dest = self._long_opts[0][2:].replace("-", "_")
            else:
                self.dest = self._short_opts[0][1]

    def _check_const(self):
        if self.action not in self.CONST_ACTIONS and self.const is not None:
            raise OptionError("'const' must not be supplied for action %r" % self.action, self)

    def _check_nargs(self):
        if self.action in self.TYPED_ACTIONS:
            if self.nargs is None:
                self.nargs = 1
        elif self.nargs is not None:
            raise OptionError("'nargs' must not be supplied for action %r" % self.action, self)

    def _check_callback(self):
        if self.action == "callback":
            if not callable(self.callback):
                raise OptionError("callback not callable: %r" % self.callback, self)
            if self.callback_args is not None and not isinstance(self.callback_args, tuple):
                raise OptionError("callback_args, if supplied, must be a tuple: not %r" % self.callback_args, self)
            if self.callback_kwargs is not None and not isinstance(self.callback_kwargs, dict):
                raise OptionError("callback_kwargs, if supplied, must be a dict: not %r" % self.callback_kwargs,
                                  self)
        else:
            if self.callback is not None:
                raise OptionError("callback supplied (%r) for non-callback option" % self.callback, self)
            if self.callback_args is not None:
                raise OptionError("callback_args supplied for non-callback option", self)
            if self.callback_kwargs is not None:
                raise OptionError("callback_kwargs supplied for non-callback option", self)

    def __str__(self):
        return "/".join(self._short_opts + self._long_opts)

    __repr__ = object.__repr__

    def takes_value(self):
        return self.type is not None

    def get_opt_string(self):
        return self._long_opts[0] if self._long_opts else self._short_opts[0]

    def check_value(self, opt, value):
        checker = self.TYPE_CHECKER.get(self.type)
        if checker is None:
            return value
        return checker(self, opt, value)

    def convert_value(self, opt, value):
        if value is not None:
            if self.nargs == 1:
                return self.check_value(opt, value)
            return tuple([self.check_value(opt, v) for v in value])

    def process(self, opt, value, values, parser):
        value = self.convert_value(opt, value)
        return self.take_action(self.action, self.dest, opt, value, values, parser)

    def take_action(self, action, dest, opt, value, values, parser):
        if action == "store":
            setattr(values, dest, value)
        elif action == "store_const":
            setattr(values, dest, self.const)
        elif action == "store_true":
            setattr(values, dest, True)
        elif action == "store_false":
            setattr(values, dest, False)
        elif action == "append":
            values.ensure_value(dest, []).append(value)
        elif action == "append_const":
            values.ensure_value(dest, []).append(self.const)
        elif action == "count":
            setattr(values, dest, values.ensure_value(dest, 0) + 1)
        elif action == "callback":
            args = self.callback_args or ()
            kwargs = self.callback_kwargs or {}
            self.callback(self, opt, value, parser, *args, **kwargs)
        elif action == "help":
            parser.print_help()
            parser.exit()
        elif action == "version":
            parser.print_version()
            parser.exit()
        else:
            raise ValueError("unknown action %r" % self.action)
        return 1


make_option = Option


class Values:
    def __init__(self, defaults=None):
        if defaults:
            for (attr, val) in defaults.items():
                setattr(self, attr, val)

    def __str__(self):
        return str(self.__dict__)

    def __repr__(self):
        return "<%s at 0x%x: %s>" % (self.__class__.__name__, id(self), self)

    def __eq__(self, other):
        if isinstance(other, Values):
            return self.__dict__ == other.__dict__
        elif isinstance(other, dict):
            return self.__dict__ == other
        return NotImplemented

    def _update_careful(self, dict):
        for attr in dir(self):
            if attr in dict:
                dval = dict[attr]
                if dval is not None:
                    setattr(self, attr, dval)

    def _update_loose(self, dict):
        self.__dict__.update(dict)

    def ensure_value(self, attr, value):
        if not hasattr(self, attr) or getattr(self, attr) is None:
            setattr(self, attr, value)
        return getattr(self, attr)


class HelpFormatter:
    NO_DEFAULT_VALUE = "none"

    def __init__(self, indent_increment, max_help_position, width, short_first):
        self.parser = None
        self.indent_increment = indent_increment
        if width is None:
            try:
                width = int(_os.environ["COLUMNS"])
            except (KeyError, ValueError):
                width = 80
            width -= 2
        self.width = width
        self.help_position = self.max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self.current_indent = 0
        self.level = 0
        self.help_width = None
        self.short_first = short_first
        self.default_tag = "%default"
        self.option_strings = {}
        self._short_opt_fmt = "%s %s"
        self._long_opt_fmt = "%s=%s"

    def set_parser(self, parser):
        self.parser = parser

    def indent(self):
        self.current_indent += self.indent_increment
        self.level += 1

    def dedent(self):
        self.current_indent -= self.indent_increment
        self.level -= 1

    def _format_text(self, text):
        import textwrap
        text_width = max(self.width - self.current_indent, 11)
        indent = " " * self.current_indent
        return textwrap.fill(text, text_width, initial_indent=indent, subsequent_indent=indent)

    def format_description(self, description):
        return self._format_text(description) + "\n" if description else ""

    def format_epilog(self, epilog):
        return "\n" + self._format_text(epilog) + "\n" if epilog else ""

    def expand_default(self, option):
        if self.parser is None or not self.default_tag:
            return option.help
        default_value = self.parser.defaults.get(option.dest)
        if default_value is NO_DEFAULT or default_value is None:
            default_value = self.NO_DEFAULT_VALUE
        return option.help.replace(self.default_tag, str(default_value))

    def format_option(self, option):
        import textwrap
        result = []
        opts = self.option_strings[option]
        opt_width = self.help_position - self.current_indent - 2
        if len(opts) > opt_width:
            opts = "%*s%s\n" % (self.current_indent, "", opts)
            indent_first = self.help_position
        else:
            opts = "%*s%-*s  " % (self.current_indent, "", opt_width, opts)
            indent_first = 0
        result.append(opts)
        if option.help:
            help_text = self.expand_default(option)
            help_lines = textwrap.wrap(help_text, self.help_width)
            result.append("%*s%s\n" % (indent_first, "", help_lines[0]))
            result.extend(["%*s%s\n" % (self.help_position, "", line) for line in help_lines[1:]])
        elif opts[-1] != "\n":
            result.append("\n")
        return "".join(result)

    def store_option_strings(self, parser):
        self.indent()
        max_len = 0
        for opt in parser.option_list:
            strings = self.format_option_strings(opt)
            self.option_strings[opt] = strings
            max_len = max(max_len, len(strings) + self.current_indent)
        self.indent()
        for group in parser.option_groups:
            for opt in group.option_list:
                strings = self.format_option_strings(opt)
                self.option_strings[opt] = strings
                max_len = max(max_len, len(strings) + self.current_indent)
        self.dedent()
        self.dedent()
        self.help_position = min(max_len + 2, self.max_help_position)
        self.help_width = max(self.width - self.help_position, 11)

    def format_option_strings(self, option):
        if option.takes_value():
            metavar = option.metavar or option.dest.upper()
            short_opts = [self._short_opt_fmt % (sopt, metavar) for sopt in option._short_opts]
            long_opts = [self._long_opt_fmt % (lopt, metavar) for lopt in option._long_opts]
        else:
            short_opts = option._short_opts
            long_opts = option._long_opts
        opts = short_opts + long_opts if self.short_first else long_opts + short_opts
        return ", ".join(opts)


class IndentedHelpFormatter(HelpFormatter):
    def __init__(self, indent_increment=2, max_help_position=24, width=None, short_first=1):
        HelpFormatter.__init__(self, indent_increment, max_help_position, width, short_first)

    def format_usage(self, usage):
        return "Usage: %s\n" % usage

    def format_heading(self, heading):
        return "%*s%s:\n" % (self.current_indent, "", heading)


class TitledHelpFormatter(HelpFormatter):
    def __init__(self, indent_increment=0, max_help_position=24, width=None, short_first=0):
        raise NotImplementedError("optparse.TitledHelpFormatter is not provided by Kiln; use the default "
                                  "IndentedHelpFormatter")


class OptionContainer:
    def __init__(self, option_class, conflict_handler, description):
        self._create_option_list()
        self.option_class = option_class
        self.set_conflict_handler(conflict_handler)
        self.set_description(description)

    def _create_option_mappings(self):
        self._short_opt = {}
        self._long_opt = {}
        self.defaults = {}

    def _share_option_mappings(self, parser):
        self._short_opt = parser._short_opt
        self._long_opt = parser._long_opt
        self.defaults = parser.defaults

    def set_conflict_handler(self, handler):
        if handler not in ("error", "resolve"):
            raise ValueError("invalid conflict_resolution value %r" % handler)
        self.conflict_handler = handler

    def set_description(self, description):
        self.description = description

    def get_description(self):
        return self.description

    def _check_conflict(self, option):
        conflict_opts = []
        for opt in option._short_opts:
            if opt in self._short_opt:
                conflict_opts.append((opt, self._short_opt[opt]))
        for opt in option._long_opts:
            if opt in self._long_opt:
                conflict_opts.append((opt, self._long_opt[opt]))
        if conflict_opts:
            handler = self.conflict_handler
            if handler == "error":
                raise OptionConflictError("conflicting option string(s): %s"
                                          % ", ".join([co[0] for co in conflict_opts]), option)
            for (opt, c_option) in conflict_opts:
                if opt.startswith("--"):
                    c_option._long_opts.remove(opt)
                    del self._long_opt[opt]
                else:
                    c_option._short_opts.remove(opt)
                    del self._short_opt[opt]
                if not (c_option._short_opts or c_option._long_opts):
                    c_option.container.option_list.remove(c_option)

    def add_option(self, *args, **kwargs):
        if isinstance(args[0], str):
            option = self.option_class(*args, **kwargs)
        elif len(args) == 1 and not kwargs:
            option = args[0]
            if not isinstance(option, Option):
                raise TypeError("not an Option instance: %r" % option)
        else:
            raise TypeError("invalid arguments")
        self._check_conflict(option)
        self.option_list.append(option)
        option.container = self
        for opt in option._short_opts:
            self._short_opt[opt] = option
        for opt in option._long_opts:
            self._long_opt[opt] = option
        if option.dest is not None:
            if option.default is not NO_DEFAULT:
                self.defaults[option.dest] = option.default
            elif option.dest not in self.defaults:
                self.defaults[option.dest] = None
        return option

    def add_options(self, option_list):
        for option in option_list:
            self.add_option(option)

    def get_option(self, opt_str):
        return self._short_opt.get(opt_str) or self._long_opt.get(opt_str)

    def has_option(self, opt_str):
        return opt_str in self._short_opt or opt_str in self._long_opt

    def remove_option(self, opt_str):
        option = self._short_opt.get(opt_str)
        if option is None:
            option = self._long_opt.get(opt_str)
        if option is None:
            raise ValueError("no such option %r" % opt_str)
        for opt in option._short_opts:
            del self._short_opt[opt]
        for opt in option._long_opts:
            del self._long_opt[opt]
        option.container.option_list.remove(option)

    def format_option_help(self, formatter):
        if not self.option_list:
            return ""
        result = []
        for option in self.option_list:
            if not option.help is SUPPRESS_HELP:
                result.append(formatter.format_option(option))
        return "".join(result)

    def format_description(self, formatter):
        return formatter.format_description(self.get_description())

    def format_help(self, formatter):
        result = []
        if self.description:
            result.append(self.format_description(formatter))
        if self.option_list:
            result.append(self.format_option_help(formatter))
        return "\n".join(result)


class OptionGroup(OptionContainer):
    def __init__(self, parser, title, description=None):
        self.parser = parser
        OptionContainer.__init__(self, parser.option_class, parser.conflict_handler, description)
        self.title = title

    def _create_option_list(self):
        self.option_list = []
        self._share_option_mappings(self.parser)

    def set_title(self, title):
        self.title = title

    def format_help(self, formatter):
        result = formatter.format_heading(self.title)
        formatter.indent()
        result += OptionContainer.format_help(self, formatter)
        formatter.dedent()
        return result


class OptionParser(OptionContainer):
    standard_option_list = []

    def __init__(self, usage=None, option_list=None, option_class=Option, version=None, conflict_handler="error",
                 description=None, formatter=None, add_help_option=True, prog=None, epilog=None):
        OptionContainer.__init__(self, option_class, conflict_handler, description)
        self.set_usage(usage)
        self.prog = prog
        self.version = version
        self.allow_interspersed_args = True
        self.process_default_values = True
        if formatter is None:
            formatter = IndentedHelpFormatter()
        self.formatter = formatter
        self.formatter.set_parser(self)
        self.epilog = epilog
        self._populate_option_list(option_list, add_help=add_help_option)
        self._init_parsing_state()

    def _create_option_list(self):
        self.option_list = []
        self.option_groups = []
        self._create_option_mappings()

    def _add_help_option(self):
        self.add_option("-h", "--help", action="help", help="show this help message and exit")

    def _add_version_option(self):
        self.add_option("--version", action="version", help="show program's version number and exit")

    def _populate_option_list(self, option_list, add_help=True):
        if self.standard_option_list:
            self.add_options(self.standard_option_list)
        if option_list:
            self.add_options(option_list)
        if self.version:
            self._add_version_option()
        if add_help:
            self._add_help_option()

    def _init_parsing_state(self):
        self.rargs = None
        self.largs = None
        self.values = None

    def set_usage(self, usage):
        if usage is None:
            self.usage = "%prog [options]"
        elif usage is SUPPRESS_USAGE:
            self.usage = None
        elif usage.lower().startswith("usage: "):
            self.usage = usage[7:]
        else:
            self.usage = usage

    def enable_interspersed_args(self):
        self.allow_interspersed_args = True

    def disable_interspersed_args(self):
        self.allow_interspersed_args = False

    def set_process_default_values(self, process):
        self.process_default_values = process

    def set_default(self, dest, value):
        self.defaults[dest] = value

    def set_defaults(self, **kwargs):
        self.defaults.update(kwargs)

    def _get_all_options(self):
        options = self.option_list[:]
        for group in self.option_groups:
            options.extend(group.option_list)
        return options

    def get_default_values(self):
        if not self.process_default_values:
            return Values(self.defaults)
        defaults = self.defaults.copy()
        for option in self._get_all_options():
            default = defaults.get(option.dest)
            if isinstance(default, str):
                opt_str = option.get_opt_string()
                defaults[option.dest] = option.check_value(opt_str, default)
        return Values(defaults)

    def add_option_group(self, *args, **kwargs):
        if isinstance(args[0], str):
            group = OptionGroup(self, *args, **kwargs)
        elif len(args) == 1 and not kwargs:
            group = args[0]
            if not isinstance(group, OptionGroup):
                raise TypeError("not an OptionGroup instance: %r" % group)
            if group.parser is not self:
                raise ValueError("invalid OptionGroup (wrong parser)")
        else:
            raise TypeError("invalid arguments")
        self.option_groups.append(group)
        return group

    def get_option_group(self, opt_str):
        option = self._short_opt.get(opt_str) or self._long_opt.get(opt_str)
        if option and option.container is not self:
            return option.container
        return None

    def _get_args(self, args):
        if args is None:
            return _sys.argv[1:]
        return args[:]

    def parse_args(self, args=None, values=None):
        rargs = self._get_args(args)
        if values is None:
            values = self.get_default_values()
        self.rargs = rargs
        self.largs = largs = []
        self.values = values
        try:
            self._process_args(largs, rargs, values)
        except (BadOptionError, OptionValueError) as err:
            self.error(str(err))
        args = largs + rargs
        return self.check_values(values, args)

    def check_values(self, values, args):
        return (values, args)

    def _process_args(self, largs, rargs, values):
        while rargs:
            arg = rargs[0]
            if arg == "--":
                del rargs[0]
                return
            elif arg[0:2] == "--":
                self._process_long_opt(rargs, values)
            elif arg[:1] == "-" and len(arg) > 1:
                self._process_short_opts(rargs, values)
            elif self.allow_interspersed_args:
                largs.append(arg)
                del rargs[0]
            else:
                return

    def _match_long_opt(self, opt):
        return _match_abbrev(opt, self._long_opt)

    def _process_long_opt(self, rargs, values):
        arg = rargs.pop(0)
        if "=" in arg:
            (opt, next_arg) = arg.split("=", 1)
            rargs.insert(0, next_arg)
            had_explicit_value = True
        else:
            opt = arg
            had_explicit_value = False
        opt = self._match_long_opt(opt)
        option = self._long_opt[opt]
        if option.takes_value():
            value = self._take_values(rargs, opt, option.nargs)
        elif had_explicit_value:
            self.error("%s option does not take a value" % opt)
        else:
            value = None
        option.process(opt, value, values, self)

    def _take_values(self, rargs, opt, nargs):
        # an option's argument(s) from the remaining arguments: one value, or a tuple of nargs
        if len(rargs) < nargs:
            self.error(("%s option requires an argument" % opt) if nargs == 1
                       else ("%s option requires %d arguments" % (opt, nargs)))
        if nargs == 1:
            return rargs.pop(0)
        value = tuple(rargs[0:nargs])
        del rargs[0:nargs]
        return value

    def _process_short_opts(self, rargs, values):
        arg = rargs.pop(0)
        stop = False
        i = 1
        for ch in arg[1:]:
            opt = "-" + ch
            option = self._short_opt.get(opt)
            i += 1
            if not option:
                raise BadOptionError(opt)
            if option.takes_value():
                if i < len(arg):
                    rargs.insert(0, arg[i:])
                    stop = True
                value = self._take_values(rargs, opt, option.nargs)
            else:
                value = None
            option.process(opt, value, values, self)
            if stop:
                break

    def get_prog_name(self):
        if self.prog is None:
            return _os.path.basename(_sys.argv[0])
        return self.prog

    def expand_prog_name(self, s):
        return s.replace("%prog", self.get_prog_name())

    def get_description(self):
        return self.expand_prog_name(self.description)

    def exit(self, status=0, msg=None):
        if msg:
            _sys.stderr.write(msg)
        _sys.exit(status)

    def error(self, msg):
        self.print_usage(_sys.stderr)
        self.exit(2, "%s: error: %s\n" % (self.get_prog_name(), msg))

    def get_usage(self):
        if self.usage:
            return self.formatter.format_usage(self.expand_prog_name(self.usage))
        return ""

    def print_usage(self, file=None):
        if self.usage:
            print(self.get_usage(), file=file)

    def get_version(self):
        if self.version:
            return self.expand_prog_name(self.version)
        return ""

    def print_version(self, file=None):
        if self.version:
            print(self.get_version(), file=file)

    def format_option_help(self, formatter=None):
        if formatter is None:
            formatter = self.formatter
        formatter.store_option_strings(self)
        result = []
        result.append(formatter.format_heading("Options"))
        formatter.indent()
        if self.option_list:
            result.append(OptionContainer.format_option_help(self, formatter))
            result.append("\n")
        for group in self.option_groups:
            result.append(group.format_help(formatter))
            result.append("\n")
        formatter.dedent()
        return "".join(result[:-1])

    def format_epilog(self, formatter):
        return formatter.format_epilog(self.epilog)

    def format_help(self, formatter=None):
        if formatter is None:
            formatter = self.formatter
        result = []
        if self.usage:
            result.append(self.get_usage() + "\n")
        if self.description:
            result.append(self.format_description(formatter) + "\n")
        result.append(self.format_option_help(formatter))
        result.append(self.format_epilog(formatter))
        return "".join(result)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        file.write(self.format_help())


def _match_abbrev(s, wordmap):
    if s in wordmap:
        return s
    possibilities = [word for word in wordmap.keys() if word.startswith(s)]
    if len(possibilities) == 1:
        return possibilities[0]
    elif not possibilities:
        raise BadOptionError(s)
    possibilities.sort()
    raise AmbiguousOptionError(s, possibilities)
