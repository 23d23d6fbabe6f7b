# badinput: Python misuse: list sort mutate
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
a = [3, 1, 2]
def k(x):
    a.append(x)
    return x
a.sort(key=k)
