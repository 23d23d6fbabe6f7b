# CPython interns the str constants of a code object that are made only of ASCII letters, digits and
# '_' (codeobject.c's intern_string_constants), so such literals are one object across functions and
# modules, and sys.intern hands out the same table's objects. Old dataset code relies on it:
# `if self.split is 'TRAIN':` (sgrvinod's image-captioning CaptionDataset) is true when the caller
# passed the literal 'TRAIN' from another module. Other strings (spaces, punctuation, built at run
# time) are separate objects.
import sys


def same(a, b):
    return a is b


class CaptionDataset:
    def __init__(self, split):
        self.split = split

    def item(self):
        if self.split is 'TRAIN':
            return ("img", "caption", "caplen")
        return ("img", "caption", "caplen", "all_captions")


# a literal from another compilation unit, as from another module
other = {}
exec(compile("name = 'TRAIN'\nphrase = 'two words'\nnums = ('x_1', 'a-b')\n", "<other>", "exec"), other)

print(len(CaptionDataset(other["name"]).item()))
print(len(CaptionDataset("TRAIN").item()))
print(len(CaptionDataset("VAL").item()))
print(same(other["name"], "TRAIN"))
print(same(other["nums"][0], "x_1"))          # inside a tuple constant too
print(same(other["phrase"], "two words"))     # not name characters: not interned
print(same(other["nums"][1], "a-b"))
print(same("".join(["TR", "AIN"]), "TRAIN"))  # built at run time: a new object


def f():
    return "weight_decay"


def g():
    return "weight_decay"


print(same(f(), g()))

# sys.intern: the first string it sees for a text becomes the table's object
s = "".join(["hello", " ", "world"])
t = "".join(["hello ", "world"])
print(same(s, t), same(sys.intern(s), s), same(sys.intern(t), s))
print(same(sys.intern("".join(["TR", "AIN"])), "TRAIN"))
print(same(sys.intern("".join(["lr", "_scale"])), other["nums"][0]), sys.intern("lr_scale") == "lr_scale")
u = "".join(["fresh", "_name", "_42"])
print(same(sys.intern(u), u))

# CPython's argument errors
for args in [(1,), (), ("a", "b")]:
    try:
        sys.intern(*args)
    except TypeError as e:
        print("TypeError:", e)

try:
    sys.intern(string="abc")
except TypeError as e:
    print("TypeError:", e)
