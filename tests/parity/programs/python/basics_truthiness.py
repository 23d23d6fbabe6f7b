# Truthiness of values, bool(), conditional expressions.
values = [0, 1, -1, 0.0, 0.5, "", "0", " ", [], [0], (), (None,), {}, {0: 0}, None, True, False]
for v in values:
    print(repr(v), bool(v), "T" if v else "F")
print(bool(), bool(range(0)), bool(range(3)))
n = 0
while not n:
    n += 1
print("n", n)
def sign(x):
    return "neg" if x < 0 else "zero" if x == 0 else "pos"
print([sign(v) for v in [-3, 0, 4]])
items = []
if items:
    print("non-empty")
elif items is not None:
    print("empty but not None")
else:
    print("None")
print(len("") == 0, not "")
