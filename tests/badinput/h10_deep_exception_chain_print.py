# badinput: deep exception chain print
# expect-exit: 1
# expect-stderr: ValueError: 2999
e = None
for i in range(3000):
    try:
        raise ValueError(i) from e
    except ValueError as x:
        e = x
raise e
