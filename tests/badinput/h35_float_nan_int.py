# badinput: Python misuse: float nan int
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
int(float("nan"))
