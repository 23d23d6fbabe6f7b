# badinput: range float (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
range(1.5)
