# badinput: dict keys mutate loop (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {i: i for i in range(5)}
for k in d.keys(): d[k + 100] = 1
