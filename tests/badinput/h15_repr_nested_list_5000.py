# badinput: a list nested 5000 deep passes CPython 3.12's C recursion limit: RecursionError "while getting the repr of an object", not a crash
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
l = []
for i in range(5000):
    l = [l]
print(len(repr(l)))
