# badinput: as_integer_ratio of nan
# expect-exit: 1
# expect-stderr: ValueError: cannot convert NaN to integer ratio
float('nan').as_integer_ratio()
