# badinput: a chain of 30000 causes (CPython's own printer gives up on it; Kiln prints it all)
# expect-exit: 1
# expect-stderr: ValueError: 29999
e = None
for i in range(30000):
    try:
        raise ValueError(i) from e
    except ValueError as x:
        e = x
raise e
