# badinput: dict clear during iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {i: i for i in range(5)}
for k in d:
    d.clear()
