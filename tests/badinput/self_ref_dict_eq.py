# badinput: two dicts holding each other compared: RecursionError (segfaulted)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = {}
b = {}
a[1] = b
b[1] = a
print(a == b)
