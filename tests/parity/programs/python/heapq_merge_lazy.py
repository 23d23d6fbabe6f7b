# heapq.merge is a generator, as CPython's: nothing is pulled from the inputs (not even iter() of
# them) before the first next(); ties go to the input listed first; key= and reverse=.
import heapq
log = []
def source(name, values):
    log.append("start " + name)
    for v in values:
        log.append(f"{name} yields {v}")
        yield v
m = heapq.merge(source("a", [1, 4, 7]), source("b", [2, 4, 5]))
print(type(m).__name__, log)
print(next(m), log)
print(list(m))
print(list(heapq.merge([3, 1], [4, 2], reverse=True)))
print(list(heapq.merge(["bb", "a"], ["ccc", "dd"], key=len, reverse=True)))
print(list(heapq.merge([(1, "x"), (2, "y")], [(1, "z")], key=lambda t: t[0])))
print(list(heapq.merge()), list(heapq.merge([], [1])))
gen = heapq.merge([1], [2])
print(iter(gen) is gen, hasattr(gen, "send"))
