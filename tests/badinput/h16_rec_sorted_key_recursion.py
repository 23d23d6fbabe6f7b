# badinput: a sort key recursing through sorted()
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def k(x):
    return sorted([x], key=k)
k(1)
