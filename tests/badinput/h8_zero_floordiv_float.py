# badinput: float floor division by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float floor division by zero
v = 7.0 // 0.0
