# badinput: dict grown while iterating values()
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1}
for v in d.values():
    d[v + 10] = 0
