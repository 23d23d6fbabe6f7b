# badinput: dict keys replaced (same size) while iterating
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary keys changed during iteration
d = {1: 1, 2: 2}
for k in d:
    del d[k]
    d[k + 10] = 0
