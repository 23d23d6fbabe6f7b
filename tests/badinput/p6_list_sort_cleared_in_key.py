# badinput: list sort cleared in key (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: [1, 2, 3]
a = [3, 1, 2]
def k(x):
    a.clear()
    return x
a.sort(key=k)
print(a)
