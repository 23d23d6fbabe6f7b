# badinput: a sort key that sorts recursively
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def key(x):
    return sorted([x, x], key=key)
sorted([1, 2], key=key)
