# badinput: Python misuse: float bad
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: '1.2.3'
float("1.2.3")
