# re: findall / finditer / sub (templates, functions, count) / subn / split / escape.
import re

print(re.findall(r"\d+", "a1 b22 c333"))
print(re.findall(r"(\w)=(\d)", "a=1, b=2, c=x"))
print(re.findall(r"(\w)=\d", "a=1, b=2"))
print(re.findall(r"x*", "axxb"))
print(re.findall(r"", "abc"))
print(re.findall(r"\b\w", "hello big world"))
print([m.span() for m in re.finditer(r"o", "foo boo")])
print([m.group(1) for m in re.finditer(r"<(\w+)>", "<a><bb><ccc>")])

print(re.sub(r"\s+", " ", "too   many    spaces  here"))
print(re.sub(r"(\w+)@(\w+)\.com", r"\2 at \1", "alice@example.com, bob@test.com"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\w+)", r"\g<v>=\g<k>", "a=1 b=2"))
print(re.sub(r"(\d)", r"<\g<1>0>", "a1b2"))
print(re.sub(r"a", r"\n", "banana") == "b\nn\nn\n")
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "3 apples and 14 pears"))
print(re.sub(r"x*", "-", "abxd"))
print(re.sub(r"o", "0", "foo boo", count=2), re.sub(r"o", "0", "foo boo", 1))
print(re.subn(r"o", "0", "foo boo"))
print(re.sub(r"(a)|b", r"[\1]", "ab"))
print(re.sub("", "-", "abc"))
p = re.compile(r"[aeiou]")
print(p.sub("*", "education"), p.subn("", "education"))

print(re.split(r",\s*", "a, b,c,   d"))
print(re.split(r"(,)", "a,b,c"))
print(re.split(r"\W+", "Words, words, words."))
print(re.split(r"\W+", "Words, words, words.", maxsplit=1))
print(re.split(r"x*", "axbc"))
print(re.split(r"(a)|(b)", "1a2b3"))
print(re.split(r"\d", "abc"))

print(re.escape("a.b*c?(d)[e]{f}|g^h$i\\j+k-l&m~n#o p"))
print(re.escape("simple_name123"))
print(re.findall(re.escape("1+1=2"), "is 1+1=2 true"))

for bad in [r"(abc", r"abc)", r"[abc", r"*a", r"a**", r"\q", r"(?P<1x>a)", r"(?P=nope)", r"a(?i)b"]:
    try:
        re.compile(bad)
        print("compiled", bad)
    except re.error as e:
        print(repr(bad), "->", e)
try:
    re.sub(r"(a)", r"\2", "a")
except re.error as e:
    print("re.error", e)
try:
    re.match(r"(a)", "a").group(3)
except IndexError as e:
    print("IndexError", e)
