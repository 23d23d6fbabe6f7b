# packaging.version: PEP 440 versions as PyPA's packaging 22+ parses, normalizes, prints and orders
# them. A version is [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local]; the parser accepts the spellings
# PEP 440 normalizes (alpha/beta/c/pre/preview, rev/r, "-N" post releases, separators . _ -, a
# leading v, surrounding whitespace, any case). Ordering compares (epoch, release without trailing
# zeros, pre, post, dev, local) with the sentinels PEP 440 implies: a dev release with no pre or post
# sorts before its pre-releases, a missing pre-release after every pre-release, a missing post
# release before every post release, a missing dev release after every dev release, and local
# segments after the public version (numbers after strings within a segment).
import re

__all__ = ["VERSION_PATTERN", "InvalidVersion", "Version", "parse"]


class InvalidVersion(ValueError):
    """Raised when a version string is not a valid version."""


class _Infinity:
    # Greater than everything but itself (packaging._structures.Infinity).
    def __repr__(self):
        return "Infinity"

    def __hash__(self):
        return hash(repr(self))

    def __lt__(self, other):
        return False

    def __le__(self, other):
        return False

    def __eq__(self, other):
        return isinstance(other, self.__class__)

    def __gt__(self, other):
        return True

    def __ge__(self, other):
        return True

    def __neg__(self):
        return NegativeInfinity


class _NegativeInfinity:
    def __repr__(self):
        return "-Infinity"

    def __hash__(self):
        return hash(repr(self))

    def __lt__(self, other):
        return True

    def __le__(self, other):
        return True

    def __eq__(self, other):
        return isinstance(other, self.__class__)

    def __gt__(self, other):
        return False

    def __ge__(self, other):
        return False

    def __neg__(self):
        return Infinity


Infinity = _Infinity()
NegativeInfinity = _NegativeInfinity()

# Not anchored: other code embeds it (with re.VERBOSE | re.IGNORECASE), as packaging's.
VERSION_PATTERN = r"""
    v?
    (?:
        (?:(?P<epoch>[0-9]+)!)?                           # epoch
        (?P<release>[0-9]+(?:\.[0-9]+)*)                  # release segment
        (?P<pre>                                          # pre-release
            [-_\.]?
            (?P<pre_l>alpha|a|beta|b|preview|pre|c|rc)
            [-_\.]?
            (?P<pre_n>[0-9]+)?
        )?
        (?P<post>                                         # post release
            (?:-(?P<post_n1>[0-9]+))
            |
            (?:
                [-_\.]?
                (?P<post_l>post|rev|r)
                [-_\.]?
                (?P<post_n2>[0-9]+)?
            )
        )?
        (?P<dev>                                          # dev release
            [-_\.]?
            (?P<dev_l>dev)
            [-_\.]?
            (?P<dev_n>[0-9]+)?
        )?
    )
    (?:\+(?P<local>[a-z0-9]+(?:[-_\.][a-z0-9]+)*))?       # local version
"""

_LETTERS = {"alpha": "a", "beta": "b", "c": "rc", "pre": "rc", "preview": "rc", "rev": "post", "r": "post"}


def _letter_version(letter, number):
    if letter:
        letter = letter.lower()
        return (_LETTERS.get(letter, letter), int(number) if number else 0)
    if number:  # "1.0-1": an implicit post release
        return ("post", int(number))
    return None


def _local_version(local):
    if local is None:
        return None
    return tuple(part.lower() if not part.isdigit() else int(part) for part in re.split(r"[\._-]", local))


def _cmpkey(epoch, release, pre, post, dev, local):
    rel = list(release)
    while len(rel) > 1 and rel[-1] == 0:
        rel.pop()
    if rel == [0]:
        rel = []
    if pre is None and post is None and dev is not None:
        pre_key = NegativeInfinity
    elif pre is None:
        pre_key = Infinity
    else:
        pre_key = pre
    post_key = NegativeInfinity if post is None else post
    dev_key = Infinity if dev is None else dev
    if local is None:
        local_key = NegativeInfinity
    else:
        local_key = tuple((i, "") if isinstance(i, int) else (NegativeInfinity, i) for i in local)
    return (epoch, tuple(rel), pre_key, post_key, dev_key, local_key)


class _BaseVersion:
    def __hash__(self):
        return hash(self._key)

    def __lt__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key <= other._key

    def __eq__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key == other._key

    def __ge__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key >= other._key

    def __gt__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key > other._key

    def __ne__(self, other):
        if not isinstance(other, _BaseVersion):
            return NotImplemented
        return self._key != other._key


class Version(_BaseVersion):
    _regex = re.compile(r"^\s*" + VERSION_PATTERN + r"\s*$", re.VERBOSE | re.IGNORECASE)

    def __init__(self, version):
        match = self._regex.search(version)
        if not match:
            raise InvalidVersion(f"Invalid version: {version!r}")
        self._epoch = int(match.group("epoch")) if match.group("epoch") else 0
        self._release = tuple(int(i) for i in match.group("release").split("."))
        self._pre = _letter_version(match.group("pre_l"), match.group("pre_n"))
        self._post = _letter_version(match.group("post_l"), match.group("post_n1") or match.group("post_n2"))
        self._dev = _letter_version(match.group("dev_l"), match.group("dev_n"))
        self._local = _local_version(match.group("local"))
        self._key = _cmpkey(self._epoch, self._release, self._pre, self._post, self._dev, self._local)

    def __repr__(self):
        return f"<Version('{self}')>"

    def __str__(self):
        parts = ".".join(str(x) for x in self.release)
        if self.epoch:
            parts = f"{self.epoch}!{parts}"
        if self.pre is not None:
            parts += "".join(str(x) for x in self.pre)
        if self.post is not None:
            parts += f".post{self.post}"
        if self.dev is not None:
            parts += f".dev{self.dev}"
        if self.local is not None:
            parts += f"+{self.local}"
        return parts

    @property
    def epoch(self):
        return self._epoch

    @property
    def release(self):
        return self._release

    @property
    def pre(self):
        return self._pre

    @property
    def post(self):
        return self._post[1] if self._post else None

    @property
    def dev(self):
        return self._dev[1] if self._dev else None

    @property
    def local(self):
        if self._local:
            return ".".join(str(x) for x in self._local)
        return None

    @property
    def public(self):
        return str(self).split("+", 1)[0]

    @property
    def base_version(self):
        release = ".".join(str(x) for x in self.release)
        return f"{self.epoch}!{release}" if self.epoch else release

    @property
    def is_prerelease(self):
        return self.dev is not None or self.pre is not None

    @property
    def is_postrelease(self):
        return self.post is not None

    @property
    def is_devrelease(self):
        return self.dev is not None

    @property
    def major(self):
        return self.release[0] if len(self.release) >= 1 else 0

    @property
    def minor(self):
        return self.release[1] if len(self.release) >= 2 else 0

    @property
    def micro(self):
        return self.release[2] if len(self.release) >= 3 else 0


def parse(version):
    """Parse the given version string into a Version (InvalidVersion if it is not PEP 440)."""
    return Version(version)
