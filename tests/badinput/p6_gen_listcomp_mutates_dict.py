# badinput: gen listcomp mutates dict (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
[d.setdefault(k + 10, 0) for k in d]
