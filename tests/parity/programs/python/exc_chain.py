# raise ... from ..., __cause__, __context__, propagation through functions.
class ParseError(Exception):
    pass
def parse_int(s):
    try:
        return int(s)
    except ValueError as e:
        raise ParseError("cannot parse " + repr(s)) from e
def parse_all(items):
    return [parse_int(s) for s in items]
print(parse_all(["1", "22", "-3"]))
try:
    parse_all(["4", "x5"])
except ParseError as e:
    print("ParseError:", e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)
try:
    try:
        {}['missing']
    except KeyError:
        raise RuntimeError("lookup failed")
except RuntimeError as e:
    print("context:", repr(e.__context__), "cause:", e.__cause__)
try:
    raise ValueError("v") from None
except ValueError as e:
    print("from None:", e.__cause__)
def level3(x):
    if x > 2:
        raise ValueError("too big: " + str(x))
    return x
def level2(x):
    return level3(x + 1) * 10
def level1(x):
    try:
        return level2(x)
    finally:
        print("level1 cleanup for", x)
for v in [0, 1, 2]:
    try:
        print("result", level1(v))
    except ValueError as e:
        print("propagated:", e)
