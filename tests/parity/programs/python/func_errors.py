# TypeError messages for bad calls.
def f(a, b):
    return a + b
def g(a, b=1, *, k):
    return a
def h():
    return 0
attempts = [
    lambda: f(1),
    lambda: f(),
    lambda: f(1, 2, 3),
    lambda: f(1, 2, z=3),
    lambda: f(1, a=2),
    lambda: g(1),
    lambda: g(1, 2, 3, k=0),
    lambda: h(1),
    lambda: f(b=2),
]
for i, attempt in enumerate(attempts):
    try:
        attempt()
        print(i, "no error")
    except TypeError as e:
        print(i, "TypeError:", e)
five = 5
try:
    five()
except TypeError as e:
    print("TypeError:", e)
try:
    "a" + 1
except TypeError as e:
    print("TypeError:", e)
try:
    1 + "a"
except TypeError as e:
    print("TypeError:", e)
try:
    [1, 2] * "x"
except TypeError as e:
    print("TypeError:", e)
try:
    len(5)
except TypeError as e:
    print("TypeError:", e)
try:
    nothing = None
    nothing[0]
except TypeError as e:
    print("TypeError:", e)
