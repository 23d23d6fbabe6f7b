# badinput: two functions calling each other
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def even(n):
    return odd(n - 1) if n else True
def odd(n):
    return even(n - 1) if n else False
even(10 ** 6)
