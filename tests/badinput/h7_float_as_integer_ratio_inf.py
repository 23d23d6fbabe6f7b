# badinput: as_integer_ratio of infinity
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert Infinity to integer ratio
float('inf').as_integer_ratio()
