# badinput: a mutable default accumulates
# expect-exit: 1
# expect-stderr: AssertionError: [1, 2, 3, 3]
# expect-stdout: [1, 2]
def f(x, acc=[]):
    acc.append(x)
    return acc
f(1)
print(f(2))
assert f(3) == [3], f(3)
