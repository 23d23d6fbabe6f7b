# badinput: Python misuse: list insert huge
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
a = [1]
a.insert(10**30, 2)
print(a)
