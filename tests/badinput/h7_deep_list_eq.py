# badinput: comparing two lists nested 100,000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
b = []
for i in range(100000):
    a = [a]
    b = [b]
a == b
