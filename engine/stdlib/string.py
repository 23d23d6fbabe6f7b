# string: the character-class constants, capwords, and Template ($name / ${name} / $$ substitution
# with substitute/safe_substitute, CPython's errors, get_identifiers/is_valid). Template's
# `idpattern`/`pattern` class attributes are not consulted (placeholders are Python identifiers,
# matched case-insensitively over ASCII as CPython's default); `delimiter` may be overridden.
# string.Formatter is not provided.

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
    def __init__(self, *args, **kwargs):
        raise NotImplementedError('string.Formatter is not supported in Kiln; use str.format')
