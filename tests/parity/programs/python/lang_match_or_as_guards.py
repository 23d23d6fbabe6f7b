# Or-patterns, as-patterns and guards of the match statement: alternatives binding the same names in
# different orders, captures kept only when the whole case matches, guards that see the captures and
# fall through to later cases, names bound by a failed case staying as CPython leaves them, and
# match statements inside loops and functions (break, continue, return from a case).


def classify(x):
    match x:
        case 0 | 1 | 2:
            return "small"
        case int(n) | float(n) if n < 0:
            return f"negative {n}"
        case [a, b] | (a, b, _):
            return f"pair-ish {a} {b}"
        case {"x": v} | {"y": v}:
            return f"x or y: {v}"
        case (1 | 2) as digit, *rest:
            return f"digit {digit} then {rest}"
        case str() as s if s.isdigit():
            return f"digits {s}"
        case str(s) if len(s) > 3:
            return f"long str {s}"
        case [(a, b) | [b, a] as pair]:
            return f"reordered {a} {b} from {pair}"
    return "unmatched"


for x in [0, 2, -3, -1.5, 5, [1, 2], (3, 4, 5), {"y": 9}, {"x": 1, "y": 2}, (2, 8, 9), "123", "abcd", "ab",
          [(1, 2)], [[3, 4]], [[5]]]:
    print(repr(x), "->", classify(x))

# a guard sees the captures; when it fails, the next case runs
for point in [(0, 5), (5, 5), (2, 7)]:
    match point:
        case (x, y) if x == 0:
            print("on the y axis", y)
        case (x, y) if x == y:
            print("diagonal", x)
        case (x, y):
            print("elsewhere", x, y)

# a guard is evaluated only when the pattern matched, and at most once
log = []


def check(v):
    log.append(v)
    return v > 1


for v in [1, 2, "s"]:
    match v:
        case int() if check(v):
            print("big int", v)
        case int():
            print("small int", v)
        case _:
            print("not an int", v)
print("guard calls", log)

# loops: break and continue inside cases
total = 0
for item in [1, "skip", 2, None, 3, "stop", 4]:
    match item:
        case int(n):
            total += n
        case "skip":
            continue
        case "stop":
            break
        case None:
            total += 100
print("total", total)

# return from deep inside a case
def first_even(items):
    for i in items:
        match i:
            case int(n) if n % 2 == 0:
                return n
    return None


print(first_even([1, 3, 8, 10]), first_even([1]))

# a while loop driven by matching
stack = [("push", 1), ("push", 2), ("add",), ("push", 5), ("mul",), ("print",)]
values = []
while stack:
    match stack.pop(0):
        case ("push", v):
            values.append(v)
        case ("add" | "mul") as op,:
            b, a = values.pop(), values.pop()
            values.append(a + b if op == "add" else a * b)
        case ("print",):
            print("stack machine", values)

# as-pattern over the whole case and over the star
match [1, 2, 3]:
    case [1, *others] as whole:
        print("whole", whole, "others", others)

# nested or-patterns inside sequences with captures at different depths
for cmd in [("move", 1, 2), ("move", (3, 4)), ("jump", 5)]:
    match cmd:
        case ("move", x, y) | ("move", (x, y)):
            print("move to", x, y)
        case (("jump" | "hop") as verb, h):
            print(verb, h)

# a match inside a comprehension's function and a generator
def labels(xs):
    for x in xs:
        match x:
            case True:
                yield "yes"
            case False:
                yield "no"
            case _:
                yield "?"


print(list(labels([True, False, 1, 0])))

# match as the last statement of a class body, with names bound in the class namespace
class Settings:
    mode = "fast"
    match mode:
        case "fast":
            steps = 10
        case _:
            steps = 100


print(Settings.steps)

# closures see captured names
def make():
    match (1, 2):
        case (a, b):
            pass
    return lambda: a + b


print(make()())

# alternatives that capture the same names in another order (the stack is rotated into one order)
for v in [[1, 2], {"b": 3, "a": 4}, ("c", 5, 6, 7)]:
    match v:
        case [a, b] | {"b": b, "a": a} | ("c", b, _, a):
            print("a", a, "b", b)
