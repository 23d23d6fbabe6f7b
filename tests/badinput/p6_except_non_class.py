# badinput: except non class (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: catching classes that do not inherit from BaseException is not allowed
try:
    1 / 0
except 5:
    pass
