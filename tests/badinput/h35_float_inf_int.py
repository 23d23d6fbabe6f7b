# badinput: Python misuse: float inf int
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert float infinity to integer
int(float("inf"))
