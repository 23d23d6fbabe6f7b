# badinput: float floor division by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float floor division by zero
a = 7.5
a // 0
