# badinput: reversed(d) iterated while d grows
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
for k in reversed(d):
    d[k * 10] = 0
