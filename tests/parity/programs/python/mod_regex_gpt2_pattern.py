# regex (third-party, mrab-regex): the pattern GPT-2's encoder.py and minbpe split text with, and
# the Unicode property classes \p{..} / \P{..} it relies on
import regex as re

pat = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")
texts = [
    "Hello world! It's a test, isn't it? We've got 123 apples & 4.5 pears...",
    "  leading spaces and trailing   \n\nnew lines\t tabs",
    "Ünïcödé wörds: naïve café, 東京 2024年, Ελληνικά, русский ١٢٣",
    "emoji 😀👍 and symbols ©®™ €100 $5 #tag @user",
    "I'll they'd you'RE we'VE",
]
for t in texts:
    print(re.findall(pat, t))

GPT4 = r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]++[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+"""
for t in texts:
    print(re.findall(GPT4, t))

print([m.span() for m in pat.finditer("a bb  ccc")])
print(re.sub(r"\p{Lu}", "_", "Hello World ÀÉ"))
print(re.sub(r"\P{L}+", "-", "abc123def!!ghi"))
print(re.split(r"\p{Z}+", "a b\u00a0c\u3000d"))
print(re.findall(r"\p{Nd}+", "12 ٣٤ ½ Ⅻ 7"))
print(re.findall(r"\p{N}+", "12 ٣٤ ½ Ⅻ 7"))
print(re.findall(r"\p{P}+|\p{S}+", "a.b,c!d+e=f$g"))
print(re.findall(r"\p{Ll}+", "abcDEFghi"), re.findall(r"\p{Lowercase_Letter}+", "xyZ"))
print(re.findall(r"[\p{Lu}\d]+", "ABc12dEF"), re.findall(r"\p{^L}+", "ab12cd"))
print(re.findall(r"\pL+", "ab1cd"), re.findall(r"\PN+", "ab1cd"))
print(re.findall(r"\p{General_Category=Lu}", "aBcD"), re.findall(r"\p{gc:Nd}", "a1b2"))
print(re.findall(r"(?i)\p{Lu}+", "abCD"))
print(re.search(r"\p{L}+", "123 abc").group(), re.match(r"\p{N}", "x"))
print(re.fullmatch(r"\p{L}+", "héllo") is not None)
print(pat.findall("Hello world", 2, 8))
print(re.escape("a.b*c d"), re.escape("a-b", special_only=False))
print(re.split(r"\b", "a b"), re.split(r"x*", "axbc"))
print(re.findall(r"..", "abcde", overlapped=True))
print(int(re.I), int(re.A), int(re.V0), int(re.U))
try:
    re.compile(r"\p{Foo}")
except re.error as e:
    print("error at", e.pos)
