# Generator send(), throw() and close(): values in, exceptions in, GeneratorExit.
def averager():
    total = 0.0
    count = 0
    avg = None
    while True:
        value = yield avg
        if value is None:
            return (count, avg)
        total += value
        count += 1
        avg = total / count


av = averager()
print(av.send(None))
print(av.send(10), av.send(20), av.send(60))
try:
    av.send(None)
except StopIteration as e:
    print("result", e.value)


def echo():
    received = []
    try:
        while True:
            try:
                x = yield len(received)
                received.append(x)
            except ValueError as e:
                print("echo caught ValueError:", e)
                received.append("err")
    finally:
        print("echo finally, received", received)


e = echo()
print(next(e))
print(e.send("a"))
print(e.throw(ValueError("bad")))
print(e.throw(ValueError, "worse"))
print(e.send("b"))
e.close()
print("closed; close again is fine:", e.close())
try:
    e.send("c")
except StopIteration:
    print("send after close: StopIteration")


def g3():
    yield 1
    yield 2


g = g3()
try:
    g.throw(KeyError("fresh"))
except KeyError as ex:
    print("throw into unstarted:", repr(ex))
print(list(g))
g = g3()
g.close()
print("closed unstarted:", list(g))


def catcher():
    try:
        yield "ready"
    except GeneratorExit:
        print("saw GeneratorExit")
        raise


c = catcher()
next(c)
c.close()


def swallow():
    try:
        yield 1
    except GeneratorExit:
        print("swallowing, then returning")
    return "ignored value"


s = swallow()
next(s)
print("close ->", s.close())


def converts():
    try:
        yield 1
    except ZeroDivisionError:
        yield "recovered"
        yield "again"


cv = converts()
next(cv)
print(cv.throw(ZeroDivisionError))
print(next(cv))
try:
    cv.throw(IndexError("idx"))
except IndexError as ex:
    print("propagated", ex)
print(list(cv))


def sum_until_none():
    total = 0
    while True:
        x = yield
        if x is None:
            break
        total += x
    yield total


sg = sum_until_none()
next(sg)
for n in [1, 2, 3, 4]:
    sg.send(n)
print("total", sg.send(None))
