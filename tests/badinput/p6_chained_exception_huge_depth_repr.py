# badinput: chained exception huge depth repr (issue 31 sweep 6; CPython runs away or crashes here, Kiln must stop)
# expect-exit: 1
# expect-stderr: ValueError: 199999
e = None
for i in range(200000):
    try:
        raise ValueError(i) from e
    except ValueError as x:
        e = x
print(len(str(e)))
raise e
