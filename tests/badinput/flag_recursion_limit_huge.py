# badinput: --recursion-limit 999999999 then unbounded recursion
# kiln-args: --recursion-limit 999999999
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def f(n):
    return f(n + 1)
f(0)
