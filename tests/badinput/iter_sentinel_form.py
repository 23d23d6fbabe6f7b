# badinput: iter(callable, sentinel) and iter(non-callable, sentinel)
# expect-exit: 1
# expect-stdout: [1, 2, 3, 4]
# expect-stderr: TypeError: iter(object, sentinel): object must be callable
n = [0]
def f():
    n[0] += 1
    return n[0]
print(list(iter(f, 5)))
iter(5, 1)
