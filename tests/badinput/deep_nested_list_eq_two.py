# badinput: deep nested list eq two (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
x = []
y = []
for i in range(200000):
    x = [x]
    y = [y]
print(x == y)
