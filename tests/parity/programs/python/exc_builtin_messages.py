# Messages of built-in exceptions raised by the runtime.
def show(fn):
    try:
        r = fn()
        print("no error:", repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", str(e), "| repr:", repr(e))
zero = 0
show(lambda: 1 / zero)
show(lambda: 1 // zero)
show(lambda: 1 % zero)
show(lambda: 1.0 / zero)
show(lambda: 1.5 // 0.0)
show(lambda: 2.0 % zero)
show(lambda: divmod(1, zero))
show(lambda: {'a': 1}['b'])
show(lambda: {1: 'x'}[2])
show(lambda: {(1, 2): 0}[(3, 4)])
show(lambda: [1, 2, 3][3])
show(lambda: [][-1])
show(lambda: (1, 2)[5])
show(lambda: "abc"[10])
show(lambda: undefined_name + 1)
show(lambda: int('4.5'))
show(lambda: [1, 2].index(9))
show(lambda: "abc".index("z"))
show(lambda: [].pop())
show(lambda: {}.pop('k'))
show(lambda: [1].remove(2))
show(lambda: max([]))
show(lambda: next(iter([])))
show(lambda: "x" * 2.0)
show(lambda: [3, 'a'] < ['b', 1])
show(lambda: {'k': 1}['k'])
try:
    assert 1 + 1 == 3, "math is broken: " + str(1 + 1)
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert len([]) > 0
except AssertionError as e:
    print("AssertionError without message:", repr(e), e.args)
assert True, "never shown"
print("done")
