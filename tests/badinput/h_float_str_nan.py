# badinput: float str nan (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
print(float("nan") == float("nan"), int(float("nan")))
