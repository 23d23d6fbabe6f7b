# badinput: sorted with a key that raises on the fourth call
# expect-exit: 1
# expect-stderr: LookupError: key 4
n = [0]
def key(x):
    n[0] += 1
    if n[0] == 4: raise LookupError('key 4')
    return x
sorted([5, 4, 3, 2, 1], key=key)
