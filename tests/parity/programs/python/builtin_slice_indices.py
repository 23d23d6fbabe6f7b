# slice.indices(length): the (start, stop, step) a sequence of that length uses, clamped the way
# subscripting clamps (negative and out-of-range bounds, negative steps, huge ints), the results
# checked against range(*s.indices(n)) == range(n)[s], and the errors for a bad length or step.
cases = [slice(None), slice(1, None, 2), slice(None, None, -1), slice(-100, 100), slice(5, 1, -2),
         slice(-3, None), slice(None, -1, 3), slice(10 ** 30, -10 ** 30, -1), slice(2, 2), slice(True, 3)]
for s in cases:
    for n in (0, 1, 3, 7):
        idx = s.indices(n)
        assert range(*idx) == range(n)[s], (s, n)
        print(s, n, idx, list(range(*idx)))


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


print(slice(Index(1), Index(-1)).indices(Index(5)))
for bad in (lambda: slice(1).indices(-1), lambda: slice(1).indices(2.0), lambda: slice(0, 1, 0).indices(3),
            lambda: slice('a').indices(3), lambda: slice(1).indices(), lambda: slice(1).indices(1, 2)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
