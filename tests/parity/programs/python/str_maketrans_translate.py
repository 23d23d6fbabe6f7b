# str.maketrans and str.translate as CPython implements them: the punctuation-stripping idiom of NLP
# preprocessing (text.translate(str.maketrans('', '', string.punctuation))), two-string and dict
# tables (str keys of length 1 or ints; values ints, strings or None), any mapping with __getitem__
# (a LookupError keeps the character, other errors propagate), non-ASCII code points, and the
# errors of bad tables and bad mapping results.
import string


print("Hello, world! (it's 3:45pm)".translate(str.maketrans("", "", string.punctuation)))
t = str.maketrans("abc", "xyz", "!")
print(sorted(t.items()), "a!b!c cab".translate(t))
print("déjà vu".translate(str.maketrans({"é": "e", "à": "a", ord(" "): "_"})))
print("hello".translate({ord("l"): None, ord("o"): "0" * 3, 104: 72}))


class Upper:
    def __getitem__(self, cp):
        if chr(cp) in "aeiou":
            return chr(cp).upper()
        raise LookupError(cp)


print("banana split".translate(Upper()), "ünï".translate(str.maketrans("üï", "ui")))
print("tab\tsep".translate(str.maketrans("\t", " ")), "".translate({}), "αβγ".translate({0x3b2: 0x392}))

for args in [("ab", "c"), ({"ab": 1},), ({1.5: "x"},), ("a",), (1, "a"), ("a", "b", 3), ()]:
    try:
        str.maketrans(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for table in [{97: 1.5}, {97: -1}, {97: 0x110000}]:
    try:
        "a".translate(table)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class Boom:
    def __getitem__(self, cp):
        raise KeyError(cp) if cp != 98 else RuntimeError("boom")


try:
    print("aab".translate(Boom()))
except RuntimeError as e:
    print("RuntimeError:", e)
