# badinput: adding a key while iterating a dict
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
for k in d:
    d[k + 10] = 0
