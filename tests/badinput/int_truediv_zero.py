# badinput: true division by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
a = 7
a / 0
