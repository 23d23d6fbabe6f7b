# badinput: set comprehension mutates (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = {1, 2, 3}
t = {s.add(x * 10) for x in s}
