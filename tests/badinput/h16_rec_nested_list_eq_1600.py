# badinput: comparing lists nested 1600 deep: RecursionError in comparison
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
b = []
for i in range(1600):
    a = [a]
    b = [b]
a == b
