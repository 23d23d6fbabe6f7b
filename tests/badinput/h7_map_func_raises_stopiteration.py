# badinput: map's function raising StopIteration ends it silently (CPython's behaviour)
# expect-exit: 0
# expect-stdout: [1]
def f(x):
    if x == 2: raise StopIteration
    return x
print(list(map(f, [1, 2, 3])))
