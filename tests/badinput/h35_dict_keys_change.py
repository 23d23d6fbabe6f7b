# badinput: Python misuse: dict keys change
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
for k in d.keys():
    del d[k]
