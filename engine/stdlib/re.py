# re, the part in Kiln's Python (the native factory, engine/vm/host_re.cpp, runs first and provides
# compile/match/search/findall/sub/split/escape, Pattern, Match and error): RegexFlag, with the flag
# constants as its members as in CPython 3.11+, so re.I | re.M prints re.IGNORECASE|re.MULTILINE and
# code that names re.RegexFlag or re.NOFLAG runs. Pattern.flags stays a plain int, as in CPython.
import enum as _enum


@_enum.global_enum
class RegexFlag(_enum.IntFlag, boundary=_enum.KEEP):
    NOFLAG = 0
    ASCII = A = 256
    IGNORECASE = I = 2
    LOCALE = L = 4
    UNICODE = U = 32
    MULTILINE = M = 8
    DOTALL = S = 16
    VERBOSE = X = 64
    TEMPLATE = T = 1
    DEBUG = 128
    __str__ = object.__str__
    _numeric_repr_ = hex


del _enum
