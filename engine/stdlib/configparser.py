# configparser: ConfigParser / RawConfigParser over INI text (read, read_file, read_string,
# read_dict, write), sections with a DEFAULT section, 'key = value' and 'key: value' lines, '#' and ';'
# comments, multi-line values by indentation, options lower-cased (optionxform), BasicInterpolation
# (%(name)s) and ExtendedInterpolation (${section:name}), get/getint/getfloat/getboolean with
# fallback=, mapping access (config['section']['key'], SectionProxy), and CPython's errors
# (NoSectionError, NoOptionError, DuplicateSectionError, DuplicateOptionError, ParsingError,
# MissingSectionHeaderError, InterpolationMissingOptionError, InterpolationSyntaxError).
# Left out: inline comment prefixes beyond the constructor argument, converters=.

import re as _re

__all__ = ["NoSectionError", "DuplicateOptionError", "DuplicateSectionError", "NoOptionError", "InterpolationError",
           "InterpolationDepthError", "InterpolationMissingOptionError", "InterpolationSyntaxError", "ParsingError",
           "MissingSectionHeaderError", "ConfigParser", "RawConfigParser", "Interpolation", "BasicInterpolation",
           "ExtendedInterpolation", "SectionProxy", "DEFAULTSECT", "MAX_INTERPOLATION_DEPTH"]

DEFAULTSECT = "DEFAULT"
MAX_INTERPOLATION_DEPTH = 10


class Error(Exception):
    def __init__(self, msg=''):
        self.message = msg
        Exception.__init__(self, msg)

    def __repr__(self):
        return self.message

    __str__ = __repr__


class NoSectionError(Error):
    def __init__(self, section):
        Error.__init__(self, 'No section: %r' % (section,))
        self.section = section
        self.args = (section,)


class DuplicateSectionError(Error):
    def __init__(self, section, source=None, lineno=None):
        msg = [repr(section), " already exists"]
        if source is not None:
            message = ["While reading from ", repr(source)]
            if lineno is not None:
                message.append(" [line {0:2d}]".format(lineno))
            message.append(": section ")
            message.extend(msg)
            msg = message
        else:
            msg.insert(0, "Section ")
        Error.__init__(self, "".join(msg))
        self.section = section


class DuplicateOptionError(Error):
    def __init__(self, section, option, source=None, lineno=None):
        msg = [repr(option), " in section ", repr(section), " already exists"]
        if source is not None:
            message = ["While reading from ", repr(source)]
            if lineno is not None:
                message.append(" [line {0:2d}]".format(lineno))
            message.append(": option ")
            message.extend(msg)
            msg = message
        else:
            msg.insert(0, "Option ")
        Error.__init__(self, "".join(msg))
        self.section = section
        self.option = option


class NoOptionError(Error):
    def __init__(self, option, section):
        Error.__init__(self, "No option %r in section: %r" % (option, section))
        self.option = option
        self.section = section


class InterpolationError(Error):
    def __init__(self, option, section, msg):
        Error.__init__(self, msg)
        self.option = option
        self.section = section


class InterpolationMissingOptionError(InterpolationError):
    def __init__(self, option, section, rawval, reference):
        msg = ("Bad value substitution: option {!r} in section {!r} contains an interpolation key {!r} which is "
               "not a valid option name. Raw value: {!r}".format(option, section, reference, rawval))
        InterpolationError.__init__(self, option, section, msg)
        self.reference = reference


class InterpolationSyntaxError(InterpolationError):
    pass


class InterpolationDepthError(InterpolationError):
    def __init__(self, option, section, rawval):
        msg = ("Recursion limit exceeded in value substitution: option {!r} in section {!r} contains an "
               "interpolation key which cannot be substituted in {} steps. Raw value: {!r}"
               "".format(option, section, MAX_INTERPOLATION_DEPTH, rawval))
        InterpolationError.__init__(self, option, section, msg)


class ParsingError(Error):
    def __init__(self, source):
        Error.__init__(self, 'Source contains parsing errors: %r' % source)
        self.source = source
        self.errors = []

    def append(self, lineno, line):
        self.errors.append((lineno, line))
        self.message += '\n\t[line %2d]: %s' % (lineno, line)
        self.args = (self.message,)


class MissingSectionHeaderError(ParsingError):
    def __init__(self, filename, lineno, line):
        Error.__init__(self, 'File contains no section headers.\nfile: %r, line: %d\n%r' % (filename, lineno, line))
        self.source = filename
        self.lineno = lineno
        self.line = line
        self.errors = []


class Interpolation:
    def before_get(self, parser, section, option, value, defaults):
        return value

    def before_set(self, parser, section, option, value):
        return value


class BasicInterpolation(Interpolation):
    def before_get(self, parser, section, option, value, defaults):
        L = []
        self._interpolate_some(parser, option, L, value, section, defaults, 1)
        return ''.join(L)

    def before_set(self, parser, section, option, value):
        tmp_value = value.replace('%%', '')
        tmp_value = _re.sub(r'%\(([^)]+)\)s', '', tmp_value)
        if '%' in tmp_value:
            raise ValueError("invalid interpolation syntax in %r at position %d" % (value, tmp_value.find('%')))
        return value

    def _interpolate_some(self, parser, option, accum, rest, section, map, depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find("%")
            if p < 0:
                accum.append(rest)
                return
            if p > 0:
                accum.append(rest[:p])
                rest = rest[p:]
            c = rest[1:2]
            if c == "%":
                accum.append("%")
                rest = rest[2:]
            elif c == "(":
                e = rest.find(')s')
                if e < 0:
                    raise InterpolationSyntaxError(option, section, "bad interpolation variable reference %r" % rest)
                var = parser.optionxform(rest[2:e])
                rest = rest[e + 2:]
                try:
                    v = map[var]
                except KeyError:
                    raise InterpolationMissingOptionError(option, section, rawval, var) from None
                if "%" in v:
                    self._interpolate_some(parser, option, accum, v, section, map, depth + 1)
                else:
                    accum.append(v)
            else:
                raise InterpolationSyntaxError(option, section, "'%%' must be followed by '%%' or '(', found: %r" % (rest,))


class ExtendedInterpolation(Interpolation):
    def before_get(self, parser, section, option, value, defaults):
        L = []
        self._interpolate_some(parser, option, L, value, section, defaults, 1)
        return ''.join(L)

    def _interpolate_some(self, parser, option, accum, rest, section, map, depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find("$")
            if p < 0:
                accum.append(rest)
                return
            if p > 0:
                accum.append(rest[:p])
                rest = rest[p:]
            c = rest[1:2]
            if c == "$":
                accum.append("$")
                rest = rest[2:]
            elif c == "{":
                e = rest.find('}')
                if e < 0:
                    raise InterpolationSyntaxError(option, section, "bad interpolation variable reference %r" % rest)
                path = rest[2:e].split(':')
                rest = rest[e + 1:]
                sect = section
                opt = option
                try:
                    if len(path) == 1:
                        opt = parser.optionxform(path[0])
                        v = map[opt]
                    elif len(path) == 2:
                        sect = path[0]
                        opt = parser.optionxform(path[1])
                        v = parser.get(sect, opt, raw=True)
                    else:
                        raise InterpolationSyntaxError(option, section, "More than one ':' found: %r" % (rest,))
                except (KeyError, NoSectionError, NoOptionError):
                    raise InterpolationMissingOptionError(option, section, rawval, ":".join(path)) from None
                if "$" in v:
                    self._interpolate_some(parser, opt, accum, v, sect, dict(parser.items(sect, raw=True)), depth + 1)
                else:
                    accum.append(v)
            else:
                raise InterpolationSyntaxError(option, section, "'$' must be followed by '$' or '{', found: %r" % (rest,))


_UNSET = object()


class RawConfigParser:
    BOOLEAN_STATES = {'1': True, 'yes': True, 'true': True, 'on': True, '0': False, 'no': False, 'false': False, 'off': False}
    _DEFAULT_INTERPOLATION = Interpolation()

    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False, *, delimiters=('=', ':'),
                 comment_prefixes=('#', ';'), inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT, interpolation=_UNSET, converters=_UNSET):
        self._dict = dict_type
        self._sections = self._dict()
        self._defaults = self._dict()
        self._proxies = self._dict()
        self._delimiters = tuple(delimiters)
        self._comment_prefixes = tuple(comment_prefixes or ())
        self._inline_comment_prefixes = tuple(inline_comment_prefixes or ())
        self._strict = strict
        self._allow_no_value = allow_no_value
        self._empty_lines_in_values = empty_lines_in_values
        self.default_section = default_section
        self._interpolation = self._DEFAULT_INTERPOLATION if interpolation is _UNSET else interpolation
        if self._interpolation is None:
            self._interpolation = Interpolation()
        self._proxies[default_section] = SectionProxy(self, default_section)
        if defaults:
            self._read_defaults(defaults)

    def defaults(self):
        return self._defaults

    def sections(self):
        return list(self._sections.keys())

    def add_section(self, section):
        if section == self.default_section:
            raise ValueError('Invalid section name: %r' % section)
        if section in self._sections:
            raise DuplicateSectionError(section)
        self._sections[section] = self._dict()
        self._proxies[section] = SectionProxy(self, section)

    def has_section(self, section):
        return section in self._sections

    def options(self, section):
        try:
            opts = self._sections[section].copy()
        except KeyError:
            raise NoSectionError(section) from None
        opts.update(self._defaults)
        return list(opts.keys())

    def read(self, filenames, encoding=None):
        if isinstance(filenames, (str, bytes)) or hasattr(filenames, '__fspath__'):
            filenames = [filenames]
        read_ok = []
        import os as _os
        for filename in filenames:
            try:
                with open(filename, encoding=encoding) as fp:
                    self._read(fp, _os.fspath(filename))
            except OSError:
                continue
            read_ok.append(_os.fspath(filename))
        return read_ok

    def read_file(self, f, source=None):
        if source is None:
            source = getattr(f, 'name', '<???>')
        self._read(f, source)

    def read_string(self, string, source='<string>'):
        self._read(string.splitlines(True), source)

    def read_dict(self, dictionary, source='<dict>'):
        elements_added = set()
        for section, keys in dictionary.items():
            section = str(section)
            try:
                self.add_section(section)
            except (DuplicateSectionError, ValueError):
                if self._strict and section in elements_added:
                    raise
            elements_added.add(section)
            for key, value in keys.items():
                key = self.optionxform(str(key))
                if value is not None:
                    value = str(value)
                if self._strict and (section, key) in elements_added:
                    raise DuplicateOptionError(section, key, source)
                elements_added.add((section, key))
                self.set(section, key, value)

    def get(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        try:
            d = self._unify_values(section, vars)
        except NoSectionError:
            if fallback is _UNSET:
                raise
            return fallback
        option = self.optionxform(option)
        try:
            value = d[option]
        except KeyError:
            if fallback is _UNSET:
                raise NoOptionError(option, section)
            return fallback
        if raw or value is None:
            return value
        return self._interpolation.before_get(self, section, option, value, d)

    def _get_conv(self, section, option, conv, raw=False, vars=None, fallback=_UNSET):
        try:
            return conv(self.get(section, option, raw=raw, vars=vars))
        except (NoSectionError, NoOptionError):
            if fallback is _UNSET:
                raise
            return fallback

    def getint(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        return self._get_conv(section, option, int, raw=raw, vars=vars, fallback=fallback)

    def getfloat(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        return self._get_conv(section, option, float, raw=raw, vars=vars, fallback=fallback)

    def getboolean(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        return self._get_conv(section, option, self._convert_to_boolean, raw=raw, vars=vars, fallback=fallback)

    def _convert_to_boolean(self, value):
        if value.lower() not in self.BOOLEAN_STATES:
            raise ValueError('Not a boolean: %s' % value)
        return self.BOOLEAN_STATES[value.lower()]

    def items(self, section=_UNSET, raw=False, vars=None):
        if section is _UNSET:
            return [(name, self._proxies[name]) for name in [self.default_section] + self.sections()]
        d = self._defaults.copy()
        try:
            d.update(self._sections[section])
        except KeyError:
            if section != self.default_section:
                raise NoSectionError(section)
        orig_keys = list(d.keys())
        if vars:
            for key, value in vars.items():
                d[self.optionxform(key)] = value
        if raw:
            return [(option, d[option]) for option in orig_keys]
        return [(option, self._interpolation.before_get(self, section, option, d[option], d)) for option in orig_keys]

    def optionxform(self, optionstr):
        return optionstr.lower()

    def has_option(self, section, option):
        if not section or section == self.default_section:
            option = self.optionxform(option)
            return option in self._defaults
        elif section not in self._sections:
            return False
        option = self.optionxform(option)
        return option in self._sections[section] or option in self._defaults

    def set(self, section, option, value=None):
        if value:
            value = self._interpolation.before_set(self, section, option, value)
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            try:
                sectdict = self._sections[section]
            except KeyError:
                raise NoSectionError(section) from None
        sectdict[self.optionxform(option)] = value

    def write(self, fp, space_around_delimiters=True):
        d = " {} ".format(self._delimiters[0]) if space_around_delimiters else self._delimiters[0]
        if self._defaults:
            self._write_section(fp, self.default_section, self._defaults.items(), d)
        for section in self._sections:
            self._write_section(fp, section, self._sections[section].items(), d)

    def _write_section(self, fp, section_name, section_items, delimiter):
        fp.write("[{}]\n".format(section_name))
        for key, value in section_items:
            value = self._interpolation.before_write(self, section_name, key, value) if hasattr(self._interpolation, 'before_write') else value
            if value is not None or not self._allow_no_value:
                value = delimiter + str(value).replace('\n', '\n\t')
            else:
                value = ""
            fp.write("{}{}\n".format(key, value))
        fp.write("\n")

    def remove_option(self, section, option):
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            try:
                sectdict = self._sections[section]
            except KeyError:
                raise NoSectionError(section) from None
        option = self.optionxform(option)
        existed = option in sectdict
        if existed:
            del sectdict[option]
        return existed

    def remove_section(self, section):
        existed = section in self._sections
        if existed:
            del self._sections[section]
            del self._proxies[section]
        return existed

    def __getitem__(self, key):
        if key != self.default_section and not self.has_section(key):
            raise KeyError(key)
        return self._proxies[key]

    def __setitem__(self, key, value):
        if key in self and self[key] is value:
            return
        if key == self.default_section:
            self._defaults.clear()
        elif key in self._sections:
            self._sections[key].clear()
        self.read_dict({key: value})

    def __delitem__(self, key):
        if key == self.default_section:
            raise ValueError("Cannot remove the default section.")
        if not self.has_section(key):
            raise KeyError(key)
        self.remove_section(key)

    def __contains__(self, key):
        return key == self.default_section or self.has_section(key)

    def __len__(self):
        return len(self._sections) + 1

    def __iter__(self):
        return iter([self.default_section] + list(self._sections.keys()))

    def keys(self):
        return [self.default_section] + list(self._sections.keys())

    def _read_defaults(self, defaults):
        for key, value in defaults.items():
            self._defaults[self.optionxform(str(key))] = None if value is None else str(value)

    def _unify_values(self, section, vars):
        sectiondict = {}
        try:
            sectiondict = self._sections[section]
        except KeyError:
            if section != self.default_section:
                raise NoSectionError(section) from None
        vardict = {}
        if vars:
            for key, value in vars.items():
                if value is not None:
                    value = str(value)
                vardict[self.optionxform(key)] = value
        d = dict(self._defaults)
        d.update(sectiondict)
        d.update(vardict)
        return d

    def _read(self, fp, fpname):
        elements_added = set()
        cursect = None
        sectname = None
        optname = None
        indent_level = 0
        e = None
        lineno = 0
        for line in fp:
            lineno += 1
            line = line.rstrip('\n').rstrip('\r') if isinstance(line, str) else line
            comment_start = None
            for prefix in self._inline_comment_prefixes:
                idx = line.find(prefix)
                while idx > 0 and not line[idx - 1].isspace():
                    idx = line.find(prefix, idx + 1)
                if idx > 0 and (comment_start is None or idx < comment_start):
                    comment_start = idx
            for prefix in self._comment_prefixes:
                if line.strip().startswith(prefix):
                    comment_start = 0
                    break
            value = line[:comment_start].strip() if comment_start is not None else line.strip()
            if not value:
                if self._empty_lines_in_values:
                    if (comment_start is None and cursect is not None and optname and cursect[optname] is not None):
                        cursect[optname].append('')
                else:
                    indent_level = 10 ** 9
                continue
            cur_indent_level = len(line) - len(line.lstrip())
            if cursect is not None and optname and cur_indent_level > indent_level:
                cursect[optname].append(value)
                continue
            indent_level = cur_indent_level
            if value.startswith('[') and value.endswith(']'):
                sectname = value[1:-1]
                if sectname in self._sections:
                    if self._strict and sectname in elements_added:
                        raise DuplicateSectionError(sectname, fpname, lineno)
                    cursect = self._sections[sectname]
                    elements_added.add(sectname)
                elif sectname == self.default_section:
                    cursect = self._defaults
                else:
                    cursect = self._dict()
                    self._sections[sectname] = cursect
                    self._proxies[sectname] = SectionProxy(self, sectname)
                    elements_added.add(sectname)
                optname = None
            elif cursect is None:
                raise MissingSectionHeaderError(fpname, lineno, line + '\n')
            else:
                pos = -1
                for dlm in self._delimiters:
                    k = value.find(dlm)
                    if k >= 0 and (pos < 0 or k < pos):
                        pos = k
                if pos < 0:
                    if self._allow_no_value:
                        optname, optval = value, None
                    else:
                        e = self._handle_error(e, fpname, lineno, line)
                        continue
                else:
                    optname, optval = value[:pos].rstrip(), value[pos + 1:].strip()
                if not optname:
                    e = self._handle_error(e, fpname, lineno, line)
                    continue
                optname = self.optionxform(optname.rstrip())
                if self._strict and (sectname, optname) in elements_added:
                    raise DuplicateOptionError(sectname, optname, fpname, lineno)
                elements_added.add((sectname, optname))
                cursect[optname] = [optval] if optval is not None else None
        self._join_multiline_values()
        if e:
            raise e

    def _handle_error(self, exc, fpname, lineno, line):
        if not exc:
            exc = ParsingError(fpname)
        exc.append(lineno, repr(line + '\n'))
        return exc

    def _join_multiline_values(self):
        all_sections = [self._defaults] + list(self._sections.values())
        for options in all_sections:
            for name in list(options.keys()):
                val = options[name]
                if isinstance(val, list):
                    while val and val[-1] == '':
                        val.pop()
                    options[name] = '\n'.join(val)


class ConfigParser(RawConfigParser):
    _DEFAULT_INTERPOLATION = BasicInterpolation()

    def set(self, section, option, value=None):
        if value is not None and not isinstance(value, str):
            raise TypeError("option values must be strings")
        super().set(section, option, value)

    def add_section(self, section):
        if not isinstance(section, str):
            raise TypeError("section names must be strings")
        super().add_section(section)


SafeConfigParser = ConfigParser


class SectionProxy:
    def __init__(self, parser, name):
        self._parser = parser
        self._name = name

    def __repr__(self):
        return '<Section: {}>'.format(self._name)

    def __getitem__(self, key):
        if not self._parser.has_option(self._name, key):
            raise KeyError(key)
        return self._parser.get(self._name, key)

    def __setitem__(self, key, value):
        self._parser.set(self._name, key, value)

    def __delitem__(self, key):
        if not (self._parser.has_option(self._name, key) and self._parser.remove_option(self._name, key)):
            raise KeyError(key)

    def __contains__(self, key):
        return self._parser.has_option(self._name, key)

    def __len__(self):
        return len(self._options())

    def __iter__(self):
        return iter(self._options())

    def _options(self):
        if self._name != self._parser.default_section:
            return self._parser.options(self._name)
        return list(self._parser.defaults().keys())

    def keys(self):
        return self._options()

    def items(self):
        return [(k, self[k]) for k in self._options()]

    def values(self):
        return [self[k] for k in self._options()]

    def get(self, option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
        return self._parser.get(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getint(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getint(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getfloat(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getfloat(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getboolean(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getboolean(self._name, option, raw=raw, vars=vars, fallback=fallback)

    @property
    def parser(self):
        return self._parser

    @property
    def name(self):
        return self._name
