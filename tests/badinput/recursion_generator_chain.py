# badinput: generators delegating with yield from 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def g(n):
    if n == 0:
        yield 1
    else:
        yield from g(n - 1)
print(list(g(100000)))
