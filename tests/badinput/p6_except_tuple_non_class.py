# badinput: except tuple non class (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: catching classes that do not inherit from BaseException is not allowed
try:
    1 / 0
except (ZeroDivisionError, 5):
    pass
print('ok')
try:
    1 / 0
except (KeyError, 5):
    pass
