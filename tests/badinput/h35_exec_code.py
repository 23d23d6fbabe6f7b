# badinput: Python misuse: exec code
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
exec("1/0")
