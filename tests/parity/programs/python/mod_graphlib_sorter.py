import graphlib
from graphlib import TopologicalSorter, CycleError
g = {"D": {"B", "C"}, "C": {"A"}, "B": {"A"}}
g = {"D": ["B", "C"], "C": ["A"], "B": ["A"]}
print(list(TopologicalSorter(g).static_order()))
ts = TopologicalSorter()
ts.add(3, 2, 1); ts.add(1, 0); ts.add(5)
ts.prepare()
while ts.is_active():
    r = ts.get_ready(); print("ready", r); ts.done(*r)
try:
    list(TopologicalSorter({1: [2], 2: [3], 3: [1], 0: [1]}).static_order())
except CycleError as e:
    print(type(e).__name__, e.args, isinstance(e, ValueError))
ts = TopologicalSorter({1: [0]})
for f in (lambda: ts.get_ready(), lambda: ts.is_active(), lambda: ts.done(1)):
    try: f()
    except ValueError as e: print(e)
ts.prepare()
for f in (lambda: ts.add(4), lambda: ts.prepare(), lambda: ts.done(1), lambda: ts.done(9)):
    try: f()
    except ValueError as e: print(e)
r = ts.get_ready(); ts.done(*r)
try: ts.done(0)
except ValueError as e: print(e)
print(bool(ts), ts.get_ready(), ts.is_active())
ts.done(1); print(bool(ts))
print(TopologicalSorter[int])
print(list(TopologicalSorter({"a": "bc", "b": "c"}).static_order()))
