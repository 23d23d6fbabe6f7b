# badinput: list sort mutated in key (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
a = [3, 1, 2]
def k(x):
    a.append(x)
    return x
a.sort(key=k)
