# The match statement (PEP 634), literal, capture, wildcard and value patterns: numbers (negative,
# float, complex), strings, bytes, None/True/False compared by identity, dotted names compared by ==,
# and the subject evaluated once.


class Color:
    RED = "red"
    GREEN = "green"


class Config:
    class Mode:
        TRAIN = 1
        EVAL = 2


def literal(x):
    match x:
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 1.5:
            return "one and a half"
        case 2j:
            return "two j"
        case 1 - 2j:
            return "one minus two j"
        case -3 + 0.5j:
            return "complex sum"
        case "hello" "world":
            return "concatenated"
        case b"raw":
            return "bytes"
        case None:
            return "none"
        case True:
            return "true"
        case False:
            return "false"
        case 0x10:
            return "hex sixteen"
        case _:
            return "other " + repr(x)


for value in [0, 0.0, -1, 1.5, 2j, 1 - 2j, -3 + 0.5j, "helloworld", b"raw", None, True, False, 1, 16,
              "hello", [], 3]:
    print(repr(value), "->", literal(value))


def value_pattern(c):
    match c:
        case Color.RED:
            return "stop"
        case Color.GREEN:
            return "go"
        case Config.Mode.TRAIN:
            return "training"
        case Config.Mode.EVAL:
            return "evaluating"
    return "no case"


for c in ["red", "green", 1, 2, 1.0, True, "blue"]:
    print(repr(c), "->", value_pattern(c))


def capture(x):
    match x:
        case 1:
            print("one")
        case other:
            print("captured", other)
    return other if x != 1 else None


print(capture(1), capture("abc"))

calls = []


def subject():
    calls.append(1)
    return 3


match subject():
    case 1:
        print("1")
    case 2:
        print("2")
    case 3:
        print("3")
print("subject evaluated", len(calls), "time(s)")

# no case matches: nothing runs, names stay unbound
match 42:
    case 1:
        unbound = True
print("unbound" in globals())

# the wildcard binds nothing
match "w":
    case _:
        print("wildcard", "_" in globals())

# a match with a tuple subject written without parentheses, and a starred subject
a, b = 1, 2
match a, b:
    case (1, 2):
        print("pair 1 2")
rest = [3, 4]
match 0, *rest:
    case (0, 3, 4):
        print("starred subject")

# match/case/_ stay usable as names (soft keywords)
match = {"case": 1}
case = match["case"]
_ = case + 1
print(match, case, _)


def match(*args):
    return "called match" + repr(args)


print(match(1, 2))
print(match (3))


class Case:
    match = "attr"


print(Case.match)
match = [10, 20]
match[0] = 11
print(match)
del match

# more lines that start with the name `match` and are no match statement
match = {}
match["k"]: int = 3
match[0:1] if False else None
print(match, type(match).__name__)
