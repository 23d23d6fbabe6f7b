# badinput: comparing two distinct self-containing lists recurses
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
a.append(a)
b = []
b.append(b)
print(a == b)
