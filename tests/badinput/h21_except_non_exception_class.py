# badinput: except with a non-exception class
# expect-exit: 1
# expect-stderr: TypeError: catching classes that do not inherit from BaseException is not allowed
try:
    1/0
except int:
    pass
