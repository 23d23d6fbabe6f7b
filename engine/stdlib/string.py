# string: the character-class constants, capwords, and Template ($name / ${name} / $$ substitution
# with substitute/safe_substitute, CPython's errors, get_identifiers/is_valid). Template's
# `idpattern`/`pattern` class attributes are not consulted (placeholders are Python identifiers,
# matched case-insensitively over ASCII as CPython's default); `delimiter` may be overridden.
# string.Formatter: str.format's steps as overridable methods (CPython's class).

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits', 'hexdigits',
           'octdigits', 'printable', 'punctuation', 'whitespace', 'Formatter', 'Template']

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join([w.capitalize() for w in s.split(sep)])


_ID_START = ascii_letters + '_'
_ID_CHARS = _ID_START + digits


class Template:
    delimiter = '$'
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    # Splits the template into ('text', s) and ('name', identifier, start) / ('invalid', start) pieces.
    def _scan(self):
        t = self.template
        d = self.delimiter
        n = len(t)
        pieces = []
        i = 0
        text_start = 0
        while True:
            j = t.find(d, i)
            if j < 0:
                break
            k = j + len(d)
            if t.startswith(d, k):
                pieces.append(('text', t[text_start:j] + d))
                i = k + len(d)
                text_start = i
                continue
            if k < n and t[k] == '{':
                e = k + 1
                if e < n and t[e] in _ID_START:
                    e += 1
                    while e < n and t[e] in _ID_CHARS:
                        e += 1
                    if e < n and t[e] == '}':
                        pieces.append(('text', t[text_start:j]))
                        pieces.append(('name', t[k + 1:e], j))
                        i = e + 1
                        text_start = i
                        continue
                pieces.append(('text', t[text_start:j]))
                pieces.append(('invalid', k))
                i = k
                text_start = k
                continue
            if k < n and t[k] in _ID_START:
                e = k + 1
                while e < n and t[e] in _ID_CHARS:
                    e += 1
                pieces.append(('text', t[text_start:j]))
                pieces.append(('name', t[k:e], j))
                i = e
                text_start = i
                continue
            pieces.append(('text', t[text_start:j]))
            pieces.append(('invalid', k))
            i = k
            text_start = k
        pieces.append(('text', t[text_start:]))
        return pieces

    def _invalid(self, pos):
        # CPython counts the text up to the character after the delimiter as splitlines(keepends=True) pieces: the
        # line is their number, the column the length of the last one (1 when there is no text).
        lineno = 1
        colno = 1
        if pos > 0:
            lineno = 0
            start = 0
            for i in range(pos):
                if self.template[i] == '\n':
                    lineno += 1
                    colno = i + 1 - start
                    start = i + 1
            if start < pos:
                lineno += 1
                colno = pos - start
        raise ValueError(f'Invalid placeholder in string: line {lineno}, col {colno}')

    def _mapping(self, mapping, kws):
        if mapping is None:
            return kws
        if kws:
            merged = dict(mapping)
            for k in kws:
                merged[k] = kws[k]
            return merged
        return mapping

    def substitute(self, mapping=None, **kws):
        m = self._mapping(mapping, kws)
        out = []
        for p in self._scan():
            if p[0] == 'text':
                out.append(p[1])
            elif p[0] == 'name':
                out.append('%s' % (m[p[1]],))
            else:
                self._invalid(p[1])
        return ''.join(out)

    def safe_substitute(self, mapping=None, **kws):
        m = self._mapping(mapping, kws)
        out = []
        t = self.template
        for p in self._scan():
            if p[0] == 'text':
                out.append(p[1])
            elif p[0] == 'name':
                try:
                    out.append('%s' % (m[p[1]],))
                except KeyError:
                    end = p[2] + len(self.delimiter)
                    if t[end] == '{':
                        out.append(t[p[2]:end + len(p[1]) + 2])
                    else:
                        out.append(t[p[2]:end + len(p[1])])
            else:
                out.append(self.delimiter)
        return ''.join(out)

    def get_identifiers(self):
        ids = []
        for p in self._scan():
            if p[0] == 'name' and p[1] not in ids:
                ids.append(p[1])
            elif p[0] == 'invalid':
                self._invalid(p[1])
        return ids

    def is_valid(self):
        for p in self._scan():
            if p[0] == 'invalid':
                return False
        return True


class Formatter:
    # CPython's string.Formatter: str.format's machinery as overridable steps (parse, get_field,
    # get_value, convert_field, format_field, check_unused_args), with automatic and manual field
    # numbering and nested replacement fields in format specs (two levels deep).
    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from automatic field numbering to manual field specification')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                            recursion_depth - 1, auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError("Unknown conversion specifier {0!s}".format(conversion))

    def parse(self, format_string):
        return _formatter_parser(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first


def _formatter_parser(s):
    # _string.formatter_parser: (literal_text, field_name, format_spec, conversion) tuples, the
    # last without a field (None, None, None) when text follows the final field
    out = []
    literal = []
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch == '{':
            if i + 1 < n and s[i + 1] == '{':
                literal.append('{')
                i += 2
                continue
            depth = 1
            j = i + 1
            while j < n and depth:
                if s[j] == '{':
                    depth += 1
                elif s[j] == '}':
                    depth -= 1
                j += 1
            if depth:
                raise ValueError("expected '}' before end of string")
            field = s[i + 1:j - 1]
            k, bracket = 0, False
            while k < len(field):
                c = field[k]
                if c == '[':
                    bracket = True
                elif c == ']':
                    bracket = False
                elif c in '!:' and not bracket:
                    break
                k += 1
            name, conversion, spec = field[:k], None, ''
            tail = field[k:]
            if tail.startswith('!'):
                if len(tail) < 2:
                    raise ValueError('end of string while looking for conversion specifier')
                conversion = tail[1]
                tail = tail[2:]
                if tail and not tail.startswith(':'):
                    raise ValueError('expected \':\' after conversion specifier')
            if tail.startswith(':'):
                spec = tail[1:]
            out.append((''.join(literal), name, spec, conversion))
            literal = []
            i = j
        elif ch == '}':
            if i + 1 < n and s[i + 1] == '}':
                literal.append('}')
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        else:
            literal.append(ch)
            i += 1
    if literal:
        out.append((''.join(literal), None, None, None))
    return iter(out)


def _formatter_field_name_split(name):
    # _string.formatter_field_name_split: the first part (an int when all digits) and an iterator of
    # (is_attribute, key) for the .attr and [key] parts that follow
    i = 0
    while i < len(name) and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(name):
        if name[i] == '.':
            j = i + 1
            while j < len(name) and name[j] not in '.[':
                j += 1
            attr = name[i + 1:j]
            if not attr:
                raise ValueError('Empty attribute in format string')
            rest.append((True, attr))
            i = j
        elif name[i] == '[':
            j = name.find(']', i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if not key:
                raise ValueError('Empty attribute in format string')
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
            if i < len(name) and name[i] not in '.[':
                raise ValueError('Only \'.\' or \'[\' may follow \']\' in format field specifier')
        else:
            raise ValueError('Only \'.\' or \'[\' may follow \']\' in format field specifier')
    return first, iter(rest)
