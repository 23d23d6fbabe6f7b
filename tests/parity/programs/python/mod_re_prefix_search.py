# re: searches that sre speeds up with its INFO block (a literal prefix found by an overlap table,
# a charset of first characters, the shortest match width) give the same matches, spans and groups
import re

# a long literal pattern in a long text: found, not found, at the end
p = re.compile("ab" * 2000 + "c")
text = "ab" * 5000 + "c" + "ab" * 10
m = p.search(text)
print(m.span() if m else None)
print(p.search("ab" * 5000) is None)
q = re.compile("a" * 20000)
print(q.fullmatch("a" * 20000) is not None, q.search("a" * 19999 + "b") is None)
print(q.search("b" + "a" * 20000 + "b").span())

# a prefix with groups inside it, then more pattern
r = re.compile(r"(ab)(c)d+(e)?")
for s in ["xxabcdddexx", "abcd", "ababcdd", "abce", "zzz"]:
    m = r.search(s)
    print(s, m and (m.span(), m.groups(), m.span(1), m.span(2), m.span(3)))
print(re.findall(r"aa(a*)", "aaaaaaa aa a aaa"))
print([m.span() for m in re.finditer("aba", "abababa aba")])
print(re.sub("abab", "X", "abababab abab aba"))
print(re.split("--", "a--b----c-d--"))
# overlap table: a prefix that repeats itself
print([m.start() for m in re.finditer("aab", "aaabaaab aab aaaab")])
print([m.start() for m in re.finditer("abcabd", "abcabcabd abcabd abcab")])

# first-character sets: alternations, optional starts, classes, lookarounds
for pat in [r"cat|dog", r"x?y+", r"[0-9]+|[a-f]+", r"(?=\d)\w+", r"(?<=:)\w+", r"\s*=\s*\w+", r"(?:ab|cd)*e",
            r"(?i)hello", r"\bfoo\b", r"a{0}b", r"(a|)b"]:
    print(pat, re.findall(pat, "cats dogs: xyy y 12ab fe key = val foo HeLLo e abcde b ab"))

# the shortest match: no search where the text is too short
print(re.search(r"\d{5}", "1234 12345"), re.search(r"\d{5}", "1234"))
print(re.match(r"abc", "ab"), re.fullmatch(r"a{3,}", "aa"))
print(re.search(r"(a)\1\1", "aa aaa").span())
print(re.compile("xyz").search("abcxyz", 2, 5), re.compile("xyz").search("abcxyz", 2, 6).span())
print(re.compile("^ab").search("cab"), re.compile("^ab", re.M).search("c\nab").span())
