# badinput: Python misuse: complex div zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: complex division by zero
print((1 + 1j) / 0)
