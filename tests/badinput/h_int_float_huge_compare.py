# badinput: int float huge compare (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
print(2**10000 < float("inf"), 2**10000 == 1e308, float(2**10000))
