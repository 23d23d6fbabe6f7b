# badinput: dict values add during iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 2}
for v in d.values():
    d[v + 100] = v
