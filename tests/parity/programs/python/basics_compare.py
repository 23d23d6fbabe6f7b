# Chained comparisons, and/or returning operands, not.
x = 5
print(1 < x < 10, 1 < x > 10, 0 <= x <= 5, x == 5 == 5.0)
print(1 < 2 < 3 < 4, 1 < 3 < 2, 3 > 2 > 1 >= 1)
calls = []
def f(v):
    calls.append(v)
    return v
print(f(1) < f(0) < f(2), calls)
calls.clear()
print(f(1) < f(2) < f(3), calls)
print(0 or 5, 3 or 5, None or "x", "" or [], [] or 0)
print(0 and 5, 3 and 5, "a" and "b", None and 1, [1] and [])
print(not 0, not 1, not [], not "a", not None)
print(1 or f(99), calls)
print(0 and f(98), calls)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), [3] > [2, 9], "abc" < "abd", "B" < "a")
print(1 == 1.0, 2 != 2, None is None, None is not None, [] == [], [1] != [1, 2])
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c)
print(3 in [1, 2, 3], 4 not in (1, 2), "b" in "abc", "x" not in "abc", 2 in {2: 0})
print(max(3, 7) if x > 3 else min(3, 7), "yes" if [] else "no")
v = 0 or None or "" or "last"
print(v)
w = 1 and 2 and 3
print(w)
print(True == 1, False == 0, True is True, 2 > True)
