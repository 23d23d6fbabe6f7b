# badinput: str to float bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: '1e1000x'
float("1e1000x")
