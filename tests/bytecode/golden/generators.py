# Generators: RETURN_GENERATOR prefix, yield as a statement and an expression, yield from, genexpr.
def countdown(n):
    while n > 0:
        got = yield n
        if got:
            n = got
        n -= 1
    return "done"


def delegate(items):
    result = yield from countdown(len(items))
    yield result


squares = (x * x for x in range(3) if x)
total = sum(v for v in delegate([1, 2]) if v)
