# badinput: a dict whose key is replaced during iteration (same size): CPython's 'dictionary keys changed during iteration'
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary keys changed during iteration
d = {1: 1, 2: 2}
for k in d:
    del d[k]
    d[k + 10] = 1
