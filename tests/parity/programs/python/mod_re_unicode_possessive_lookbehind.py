# re on text as tokenizers and text normalizers use it: str patterns are Unicode-aware (\w, \d, \s,
# \b and IGNORECASE cover non-ASCII letters, digits and spaces unless re.ASCII), possessive repeats
# and atomic groups (the GPT-4 split pattern), scoped inline flags, look-behind anywhere in the
# pattern, conditionals, and long subjects.
import re
import unicodedata

print(re.findall(r"\w+", "café naïve 你好 x_1 Ünïcödé"))
print(re.findall(r"\w+", "café naïve", re.ASCII))
print(re.findall(r"\d+", "12 ٣٤ ５６ x"), re.findall(r"\s", "a\u00a0b\u2003c\u3000d"))
print(re.sub(r"[^\w\s]", "", "héllo, wörld! — ça va?"))
print(re.split(r"\W+", "naïve café—ok"), re.findall(r"\bé\w*", "éte ça été"))
print(re.findall("é", "É é", re.I), re.findall(r"[a-zé]+", "ABC DÉF", re.I), re.findall(r"σ", "Σσς", re.I))
print(re.sub(r"(?i)straße", "street", "Straße STRASSE straße"))

GPT2_SPLIT = r"""'(?:[sdmt]|ll|ve|re)| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+"""
GPT4_SPLIT = r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\w]?+\w+|\d{1,3}| ?[^\s\w]++[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+"""
text = "Hello've world123 HOW'S it going!!!  \n\n ok  déjà-vu 1234567 你好世界\ttab"
for name, pat in (("gpt2", GPT2_SPLIT), ("gpt4", GPT4_SPLIT)):
    chunks = re.findall(pat, text)
    print(name, len(chunks), chunks)
    assert "".join(chunks) == text

# minbpe-style special tokens
special = {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258}
special_pattern = "(" + "|".join(re.escape(k) for k in special) + ")"
print(special_pattern, re.split(special_pattern, "a<|endoftext|>b<|fim_prefix|>c"))

# atomic groups and possessive repeats do not give back what they matched
print(re.match(r"(?>a+)b", "aaab"), re.match(r"(?>a+)a", "aaaa"), re.match(r"a++a", "aaa"), re.match(r"a*+b", "aab"))
print(re.findall(r"\d++(?!\.)", "12 3.5 678"), re.fullmatch(r"(?:ab|a)++", "abab"))
print(re.match(r"(?>(\w+))(\d)", "abc1"), re.match(r"(\w+)(\d)", "abc1").groups())

# scoped inline flags
print(re.findall(r"(?i:hello) world", "HELLO world Hello World hello world"))
print(re.findall(r"(?-i:a)b", "ab aB Ab AB", re.I), re.findall(r"(?s:a.)b|a.c", "a\nb a\nc abc"))
print(re.findall("(?x: a  b # a comment\n )c", "abc ab c"), re.findall(r"(?a:\w+)-(\w+)", "é-é ab-cé"))
print(re.findall(r"^(?m:x$)", "x\ny"), re.findall(r"(?m:^y)", "x\ny"))

# look-behind anywhere, with alternatives of one width and backreferences to fixed-width groups
print(re.findall(r"\w+(?<=ing)\b", "sing song ringing"), re.findall(r"\b\w+(?<!ing)\b", "sing song ringing bell"))
print(re.sub(r"(?<=\d)(?=(\d{3})+(?!\d))", ",", "1234567 and 89 and 1000"))
print(re.findall(r"(?<=ab|cd)x", "abx cdx efx"), re.findall(r"(\w)(?<=\1\1)", "aabbcd"))
print(re.split(r"(?<=[.!?])\s+", "One. Two! Three? Four"))
print(re.sub(r"(?<=[a-z])(?=[A-Z])", "_", "camelCaseToSnake").lower())

# conditionals
pat = re.compile(r"(<)?(\w+@\w+(?:\.\w+)+)(?(1)>|$)")
for s in ("<user@host.com>", "user@host.com", "<user@host.com", "user@host.com>"):
    m = pat.match(s)
    print(repr(s), m.groups() if m else None)
print(re.findall(r"(?P<q>['\"])?\w+(?(q)(?P=q))", "'a' \"b\" c 'd"))

# repeats that can match empty stop after an empty iteration (sre's rule)
print(re.match(r"(a*)*", "b").groups(), re.match(r"(a|)*", "aa").group(), re.match(r"(?:(a)|b)*", "ab").groups())
print(re.findall(r"(a|ab)(c|bcd)(d*)", "abcd"), re.match(r"(a?){3}a{3}", "aaa").groups())
print(re.sub(r"x*", "-", "abxd"), re.split(r"\b", "a b"), re.findall(r"", "ab"))

# unicodedata with re: strip accents, keep letters
def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")
print(re.sub(r"[^a-z ]", "", strip_accents("Crème Brûlée à Noël!").lower()))

# long subjects: no recursion per character
long = "ab" * 200000
print(re.fullmatch(r"(?:a|b)*", long) is not None, len(re.findall(r"(?:ab)+", long)[0]))
words = ("the quick brown fox " * 20000).strip()
print(len(re.findall(r"\w+|[^\w\s]", words)), len(re.split(r"\s+", words)))
print(re.search(r"(\w+) (\w+)$", words).groups())

# errors keep sre's messages
for bad in (r"a++*", r"(?<=a+)b", r"(?i-i:a)", r"(?a-a:x)", r"(a)(?(2)b)", r"(?L:a)", r"(?<=(a)\1)"):
    try:
        re.compile(bad)
    except re.error as e:
        print(repr(bad), "->", e)
