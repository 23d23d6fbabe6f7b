# distutils.version: LooseVersion and StrictVersion as setuptools' vendored distutils defines them.
# Constructing either warns (DeprecationWarning, attributed to the caller); a comparison with a
# plain string converts it silently. LooseVersion splits a string into runs of digits (ints) and of
# lowercase letters or other characters (strs), dropping dots, and compares those lists as Python
# lists do, so an int meeting a str raises TypeError. StrictVersion accepts N.N[.N][{a|b}N] only.
import re
import warnings

_DEPRECATED = "distutils Version classes are deprecated. Use packaging.version instead."


class Version:
    def __init__(self, vstring=None):
        if vstring:
            self.parse(vstring)
        warnings.warn(_DEPRECATED, DeprecationWarning, stacklevel=2)

    def __repr__(self):
        return "%s ('%s')" % (self.__class__.__name__, str(self))

    def _coerce(self, other):
        # Strings become versions of this class without a second deprecation warning.
        if isinstance(other, str):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return self.__class__(other)
        if isinstance(other, self.__class__):
            return other
        return None

    def __eq__(self, other):
        c = self._cmp(other)
        if c is NotImplemented:
            return c
        return c == 0

    def __lt__(self, other):
        c = self._cmp(other)
        if c is NotImplemented:
            return c
        return c < 0

    def __le__(self, other):
        c = self._cmp(other)
        if c is NotImplemented:
            return c
        return c <= 0

    def __gt__(self, other):
        c = self._cmp(other)
        if c is NotImplemented:
            return c
        return c > 0

    def __ge__(self, other):
        c = self._cmp(other)
        if c is NotImplemented:
            return c
        return c >= 0


class StrictVersion(Version):
    version_re = re.compile(r"^(\d+) \. (\d+) (\. (\d+))? ([ab](\d+))?$", re.VERBOSE | re.ASCII)

    def parse(self, vstring):
        match = self.version_re.match(vstring)
        if not match:
            raise ValueError("invalid version number '%s'" % vstring)
        major, minor, patch, pre, pre_num = match.group(1, 2, 4, 5, 6)
        self.version = (int(major), int(minor), int(patch) if patch else 0)
        self.prerelease = (pre[0], int(pre_num)) if pre else None

    def __str__(self):
        # A zero patch level is left out: StrictVersion("1.0.0") prints as 1.0.
        parts = self.version[0:2] if self.version[2] == 0 else self.version
        s = ".".join(str(p) for p in parts)
        if self.prerelease:
            s = s + self.prerelease[0] + str(self.prerelease[1])
        return s

    def _cmp(self, other):
        other = self._coerce(other)
        if other is None:
            return NotImplemented
        if self.version != other.version:
            return -1 if self.version < other.version else 1
        # Equal releases: a pre-release sorts before the release itself.
        a, b = self.prerelease, other.prerelease
        if a == b:
            return 0
        if a is None:
            return 1
        if b is None:
            return -1
        return -1 if a < b else 1


class LooseVersion(Version):
    component_re = re.compile(r"(\d+ | [a-z]+ | \.)", re.VERBOSE)

    def parse(self, vstring):
        self.vstring = vstring
        parts = [p for p in self.component_re.split(vstring) if p and p != "."]
        for i, p in enumerate(parts):
            try:
                parts[i] = int(p)
            except ValueError:
                pass
        self.version = parts

    def __str__(self):
        return self.vstring

    def __repr__(self):
        return "LooseVersion ('%s')" % str(self)

    def _cmp(self, other):
        other = self._coerce(other)
        if other is None:
            return NotImplemented
        if self.version == other.version:
            return 0
        if self.version < other.version:
            return -1
        return 1
