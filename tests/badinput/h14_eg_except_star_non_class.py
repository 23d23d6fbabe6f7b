# badinput: except* naming an int (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: catching classes that do not inherit from BaseException is not allowed
try:
    raise ValueError(1)
except* 5:
    pass
