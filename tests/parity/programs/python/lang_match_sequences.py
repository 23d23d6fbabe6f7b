# Sequence patterns of the match statement: fixed lengths, star captures in every position, star
# wildcards (indexing instead of unpacking), nesting, the types that count as sequences (list, tuple,
# range, deque, torch.Size-like tuple subclasses, collections.abc.Sequence registrations) and the
# ones that do not (str, bytes, bytearray, dict, sets, iterators).
import collections
import collections.abc


def shape(x):
    match x:
        case []:
            return "empty"
        case [a]:
            return f"one: {a}"
        case [a, b]:
            return f"two: {a} {b}"
        case (a, b, c):
            return f"three: {a} {b} {c}"
        case [first, *middle, last] if len(middle) > 2:
            return f"long: {first} ...{len(middle)}... {last}"
        case [first, *rest]:
            return f"head {first} tail {rest}"
        case _:
            return "not a sequence: " + type(x).__name__


for v in [[], [1], (1, 2), [1, 2, 3], (1, 2, 3, 4), list(range(7)), range(3), range(5), "ab", "abc", b"xy",
          bytearray(b"xy"), {"a": 1}, {1, 2}, frozenset(), 5, collections.deque([1, 2]),
          collections.deque([1, 2, 3, 4, 5])]:
    print(repr(v), "->", shape(v))


def stars(x):
    match x:
        case [*_]:
            print("any sequence", len(x))
    match x:
        case [*init, _]:
            print("init", init)
        case _:
            print("no init")
    match x:
        case [_, *_, last]:
            print("last", last)
        case _:
            print("no last")
    match x:
        case [a, _, *_, b, _]:
            print("a b", a, b)
        case _:
            print("no a b")


print(shape(iter([1, 2])))
stars([1, 2, 3, 4, 5])
stars((9,))
stars([])


def nested(cmd):
    match cmd:
        case ["go", ("north" | "south") as direction]:
            return "going " + direction
        case ["take", [obj, *more]]:
            return f"taking {obj} and {len(more)} more"
        case ["drop", *objects] if objects:
            return "dropping " + ", ".join(objects)
        case ["drop"]:
            return "drop what?"
        case [("quit" | "exit")]:
            return "bye"
        case [[x, y], [z, w]]:
            return f"matrix {x}{y}{z}{w}"
    return "unknown " + repr(cmd)


for cmd in [["go", "north"], ["go", "east"], ["take", ["key", "lamp", "map"]], ["drop", "a", "b"], ["drop"],
            ["quit"], ["exit"], [[1, 2], [3, 4]], [[1, 2], [3]], "quit"]:
    print(nested(cmd))


class Shape(tuple):
    pass


match Shape((2, 3, 4)):
    case (b, c, h):
        print("tuple subclass", b, c, h)


class MySeq:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


match MySeq([1, 2]):
    case [a, b]:
        print("unregistered matched", a, b)
    case _:
        print("unregistered class is no sequence")

collections.abc.Sequence.register(MySeq)
match MySeq([1, 2, 3]):
    case [a, *_, c]:
        print("registered sequence", a, c)


class Derived(MySeq):
    pass


match Derived([7, 8]):
    case [a, b]:
        print("subclass of a registered sequence", a, b)


class Abstract(collections.abc.Sequence):
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10


match Abstract():
    case [x, y, z]:
        print("Sequence subclass", x, y, z)

match collections.UserList([4, 5]):
    case [a, b]:
        print("UserList", a, b)

match (1, [2, (3, 4)]):
    case (a, [b, (c, d)]):
        print("deep", a + b + c + d)

# a star capture is always a list
match (1, 2, 3):
    case (*head, tail):
        print(head, type(head).__name__, tail)

# a tuple pattern matches a list and a list pattern a tuple
match [1, 2]:
    case (a, b):
        print("list as tuple pattern", a, b)
