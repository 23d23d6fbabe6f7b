# badinput: nested list eq (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []; b = []
for _ in range(100000): a = [a]; b = [b]
print(a == b)
