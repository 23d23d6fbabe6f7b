# badinput: generators finished, abandoned mid-way, closed, thrown into, and left suspended at exit (their finally runs)
# expect-exit: 0
# expect-stdout: closed at exit
def count(n):
    for i in range(n):
        yield i
print(sum(count(10)), list(count(3)))
half = count(100)
next(half)
half = None  # abandoned mid-way
def guarded():
    try:
        yield 1
        yield 2
    finally:
        print("closed")
g = guarded(); next(g); g.close()
def catcher():
    while True:
        try:
            yield
        except ValueError as e:
            print("caught", e)
c = catcher(); next(c); c.throw(ValueError("in"))
def delegate():
    r = yield from count(3)
    return r
print(list(delegate()))
pipeline = (x * x for x in (y + 1 for y in range(5)) if x % 2)
print(list(pipeline))
def at_exit():
    try:
        yield 1
    finally:
        print("closed at exit")
left = at_exit(); next(left)
box = []
def holds_itself():
    yield box
cyc = holds_itself()
box.append(cyc)  # generator -> frame -> box -> generator
next(cyc)
