# badinput: dict mutated iter
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 2}
for k in d:
    d[k + 1] = 0
