# badinput: nonlocal deep closure recursion (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def f(n):
    def g():
        return f(n + 1)
    return g()
f(0)
