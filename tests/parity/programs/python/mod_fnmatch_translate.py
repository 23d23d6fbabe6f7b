# fnmatch.translate: CPython 3.12's regular-expression text for shell patterns, and that the
# translations match as fnmatch does
import fnmatch
import re

pats = ["*.py", "data_??.csv", "*", "", "abc", "[abc]*", "[!abc]x", "[a-z0-9]", "[]]", "[!]]", "[", "a[", "[a-",
        "a*b*c", "*a*", "**x**", "a*b*c*d", "[z-a]", "[a-c-e]", "[--a]", "[\\]", "x[&~|]y", "[^x]", "[[x]",
        "file.[ch]", "(x)+{y}", "a?b*", "*.tar.gz", "[!]", "[]", "[a-]"]
for p in pats:
    print(repr(p), repr(fnmatch.translate(p)))

names = ["main.py", "data_01.csv", "data_1.csv", "abc", "bx", "ax", "q", "]", "a[", "aXbYc", "abcd", "file.c",
         "x.tar.gz", "a-", "b"]
for p in ["*.py", "data_??.csv", "[!abc]x", "a*b*c", "file.[ch]", "*.tar.gz", "[a-]", "[]]", "a["]:
    rx = re.compile(fnmatch.translate(p))
    print(p, [n for n in names if rx.match(n)], fnmatch.filter(names, p))
