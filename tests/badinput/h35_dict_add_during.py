# badinput: Python misuse: dict add during
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1}
for k in d:
    d[k + 1] = 0
