# badinput: comparing two lists nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
b = []
for _ in range(100000):
    a = [a]
    b = [b]
print(a == b)
