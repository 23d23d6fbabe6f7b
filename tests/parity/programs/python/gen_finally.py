# try/finally and with inside generators: finally runs on exhaustion, close(), and when freed.
class Resource:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None)
        return False


def reader(name, n):
    with Resource(name) as r:
        for k in range(n):
            yield r.name + str(k)


print(list(reader("full", 2)))

rd = reader("partial", 5)
print(next(rd))
rd.close()
print("after close")

rd = reader("freed", 5)
print(next(rd))
del rd
print("after del")


def with_finally(tag):
    try:
        yield tag + "-1"
        yield tag + "-2"
    finally:
        print("finally", tag)


def consume_one(tag):
    g = with_finally(tag)
    print("consumed", next(g))
    print("returning from consume_one")


consume_one("local")
print("back in module")

for v in with_finally("loop-break"):
    print("loop got", v)
    break
print("after loop")

gens = [with_finally("list" + str(k)) for k in range(2)]
for g in gens:
    next(g)
gens.clear()
print("list cleared")


def finally_yields():
    try:
        yield "body"
    finally:
        print("cleanup runs")


fy = finally_yields()
next(fy)
try:
    fy.throw(ValueError("into finally"))
except ValueError as e:
    print("ValueError passed through:", e)


def nested_try():
    try:
        try:
            yield 1
        finally:
            print("inner finally")
        yield 2
    finally:
        print("outer finally")


nt = nested_try()
print(next(nt), next(nt))
nt.close()


def raising_finally():
    try:
        yield 1
    finally:
        raise KeyError("from finally")


rf = raising_finally()
next(rf)
try:
    rf.close()
except KeyError as e:
    print("close raised", repr(e))


def unstarted():
    try:
        yield 1
    finally:
        print("never printed")


u = unstarted()
del u
print("unstarted freed silently")


def handled_state():
    try:
        raise ValueError("inside")
    except ValueError:
        yield "in except"
        yield "still in except"
    yield "after except"


hs = handled_state()
print(next(hs))
try:
    raise KeyError("outside")
except KeyError:
    print(next(hs))
print(next(hs))

left = with_finally("left-open")
next(left)
print("end of program")
