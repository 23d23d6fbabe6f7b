# re's flags are re.RegexFlag members (an IntFlag made global as CPython 3.11+ does): they print as
# module-level names, combine with | into composite members, stay ints for arithmetic and
# comparisons, and Pattern.flags stays a plain int.
import re

print(re.I, re.IGNORECASE, repr(re.M), re.I | re.M, re.S | re.X | re.A)
print(type(re.I).__name__, isinstance(re.I, re.RegexFlag), re.RegexFlag.DOTALL)
print(int(re.X), re.I + 1, re.I == 2, re.I | 2 == re.I, re.NOFLAG, bool(re.NOFLAG), re.I & re.M)
print(re.I | 1024, re.RegexFlag(10), re.RegexFlag["VERBOSE"], [f.name for f in re.I | re.M | re.S])
print(re.compile("a", re.I | re.S), re.compile("a").flags, re.compile("(?i)a").flags, re.compile("a", re.A | re.I).flags)
print(type(re.compile("a", re.I).flags).__name__, re.compile("a", flags=re.M).pattern)
flags = 0
for opt in ("ignorecase", "multiline"):
    flags |= getattr(re, opt.upper())
print(flags, type(flags).__name__, re.findall("^b", "A\nB", flags))
print(re.search("x", "aXb", re.IGNORECASE).span(), re.split(",", "a,B", flags=re.I))
try:
    re.compile("(?P<name>a)\n  (b")
except re.error as e:
    print(e)
    print(e.msg, "|", repr(e.pattern), e.pos, e.lineno, e.colno)
try:
    re.compile("a**")
except re.error as e:
    print(e.msg, e.pos, e.lineno, e.colno, e.args)
try:
    re.compile("(?<=a+)")
except re.error as e:
    print(e.msg, e.pos, e.pattern, e.lineno)
