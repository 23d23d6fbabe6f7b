# badinput: eq deep nested lists
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
b = []
x, y = a, b
for i in range(100000):
    x.append([]); y.append([])
    x, y = x[0], y[0]
print(a == b)
