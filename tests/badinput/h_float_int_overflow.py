# badinput: float int overflow (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert float infinity to integer
print(int(1e400))
