# badinput: Python misuse: round nan
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
round(float("nan"))
