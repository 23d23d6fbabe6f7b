# badinput: Python misuse: float div zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float division by zero
1.0 / 0
