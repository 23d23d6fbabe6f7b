# re flags: IGNORECASE, MULTILINE, DOTALL, VERBOSE, inline flags, combined flags.
import re

text = "First line\nsecond LINE\nthird line"
print(re.findall(r"line", text), re.findall(r"line", text, re.IGNORECASE), re.findall(r"line", text, flags=re.I))
print(re.findall(r"^\w+", text), re.findall(r"^\w+", text, re.MULTILINE), re.findall(r"\w+$", text, re.M))
print(re.search(r"line.second", text), re.search(r"line.second", text, re.DOTALL).span())
print(re.findall(r"(?i)first|THIRD", text), re.findall(r"(?m)^s\w+", text), re.search(r"(?s)First.*third", text).span())
print(re.findall(r"^\w+ line$", text, re.I | re.M))
pattern = re.compile(r"""
    (?P<key>[a-z_]+)   # the key
    \s* = \s*          # equals, maybe spaced
    (?P<value>\d+)     # a number
""", re.VERBOSE)
print([m.groupdict() for m in pattern.finditer("alpha = 1, beta=22, gamma =333")])
print(pattern.flags & re.VERBOSE != 0, re.compile("a", re.I | re.M))
print(re.compile("x").flags, re.compile("x", re.I).flags, int(re.I | re.S), int(re.X))
print(re.compile(r"[a-z]+", re.I).findall("Hello WORLD"))
print(re.sub(r"hello", "bye", "Hello HELLO hello", flags=re.I))
print(re.split(r"\s*;\s*", "a ; b;c", flags=re.M))
print(re.search(r"a.c", "a\nc"), re.search(r"a.c", "a\nc", re.S).group() == "a\nc")
print(re.findall(r"$", "ab\ncd\n", re.M), len(re.findall(r"$", "ab\ncd\n")))
