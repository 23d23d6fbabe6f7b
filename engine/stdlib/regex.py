# regex: the commonly used part of the third-party `regex` module (mrab-regex), as GPT-2's BPE
# encoder, tiktoken-style tokenizers and minbpe use it: VERSION0 (the module's default, re's syntax
# and matching) plus Unicode property classes \p{L}, \p{N}, \p{Lu}, \P{..}, \p{^..}, \pL and
# their long names (\p{Letter}, \p{General_Category=Nd}), on Kiln's re engine. The native half
# (engine/vm/host_re.cpp) provides compile, error, Pattern and Match; this file adds the flags,
# the module-level functions with the regex module's keyword options, escape and Scanner-free
# rest. Left out (refused by name): fuzzy matching, VERSION1 (set operations, full case folding),
# REVERSE, POSIX, WORD, partial matches, named lists, scripts/blocks/binary properties in \p{..}.
import enum as _enum


class RegexFlag(_enum.IntFlag):
    A = ASCII = 0x80
    B = BESTMATCH = 0x1000
    D = DEBUG = 0x200
    E = ENHANCEMATCH = 0x8000
    F = FULLCASE = 0x4000
    I = IGNORECASE = 0x2
    L = LOCALE = 0x4
    M = MULTILINE = 0x8
    P = POSIX = 0x10000
    R = REVERSE = 0x400
    S = DOTALL = 0x10
    U = UNICODE = 0x20
    V0 = VERSION0 = 0x2000
    V1 = VERSION1 = 0x100
    W = WORD = 0x800
    X = VERBOSE = 0x40
    T = TEMPLATE = 0x1

    def __repr__(self):
        if self._name_ is not None:
            return 'regex.%s' % self._name_
        value = self._value_
        members = []
        for m in self.__class__:
            if value & m._value_:
                value &= ~m._value_
                members.append('regex.%s' % m._name_)
        if value:
            members.append(hex(value))
        return '|'.join(members)

    __str__ = object.__str__


ASCII = A = RegexFlag.ASCII
BESTMATCH = B = RegexFlag.BESTMATCH
DEBUG = D = RegexFlag.DEBUG
ENHANCEMATCH = E = RegexFlag.ENHANCEMATCH
FULLCASE = F = RegexFlag.FULLCASE
IGNORECASE = I = RegexFlag.IGNORECASE
LOCALE = L = RegexFlag.LOCALE
MULTILINE = M = RegexFlag.MULTILINE
POSIX = P = RegexFlag.POSIX
REVERSE = R = RegexFlag.REVERSE
DOTALL = S = RegexFlag.DOTALL
UNICODE = U = RegexFlag.UNICODE
VERSION0 = V0 = RegexFlag.VERSION0
VERSION1 = V1 = RegexFlag.VERSION1
WORD = W = RegexFlag.WORD
VERBOSE = X = RegexFlag.VERBOSE
TEMPLATE = T = RegexFlag.TEMPLATE

DEFAULT_VERSION = VERSION0
__version__ = "2024.11.6"

Regex = compile


def match(pattern, string, flags=0, pos=None, endpos=None, partial=False, concurrent=None, timeout=None,
          ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).match(string, pos, endpos, concurrent, partial, timeout)


prefixmatch = match


def fullmatch(pattern, string, flags=0, pos=None, endpos=None, partial=False, concurrent=None, timeout=None,
              ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).fullmatch(string, pos, endpos, concurrent, partial, timeout)


def search(pattern, string, flags=0, pos=None, endpos=None, partial=False, concurrent=None, timeout=None,
           ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).search(string, pos, endpos, concurrent, partial, timeout)


def sub(pattern, repl, string, count=0, flags=0, pos=None, endpos=None, concurrent=None, timeout=None,
        ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).sub(repl, string, count, pos, endpos, concurrent, timeout)


def subn(pattern, repl, string, count=0, flags=0, pos=None, endpos=None, concurrent=None, timeout=None,
         ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).subn(repl, string, count, pos, endpos, concurrent, timeout)


def split(pattern, string, maxsplit=0, flags=0, concurrent=None, timeout=None, ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).split(string, maxsplit, concurrent, timeout)


def splititer(pattern, string, maxsplit=0, flags=0, concurrent=None, timeout=None, ignore_unused=False, **kwargs):
    return iter(split(pattern, string, maxsplit, flags, concurrent, timeout, ignore_unused, **kwargs))


def findall(pattern, string, flags=0, pos=None, endpos=None, overlapped=False, concurrent=None, timeout=None,
            ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).findall(string, pos, endpos, overlapped, concurrent, timeout)


def finditer(pattern, string, flags=0, pos=None, endpos=None, overlapped=False, partial=False, concurrent=None,
             timeout=None, ignore_unused=False, **kwargs):
    return compile(pattern, flags, ignore_unused, **kwargs).finditer(string, pos, endpos, overlapped, concurrent,
                                                                     partial, timeout)


def template(pattern, flags=0):
    return compile(pattern, flags | TEMPLATE)


_METACHARS = frozenset("()[]{}?*+|^$\\.-#&~")


def escape(pattern, special_only=True, literal_spaces=False):
    # the regex module's rule: special characters and white space (every non-alphanumeric one
    # when special_only is false) get a backslash; literal_spaces keeps ' ' as it is
    is_bytes = isinstance(pattern, bytes)
    p = pattern.decode("latin-1") if is_bytes else pattern
    out = []
    for c in p:
        if c == " " and literal_spaces:
            out.append(c)
        elif (c in _METACHARS or c.isspace()) if special_only else not (c.isascii() and c.isalnum()):
            out.append("\\" + c)
        else:
            out.append(c)
    r = "".join(out)
    return r.encode("latin-1") if is_bytes else r


def cache_all(value=True):
    return True if value is None else None


del _enum
