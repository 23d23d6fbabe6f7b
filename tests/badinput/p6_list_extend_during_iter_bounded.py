# badinput: list extend during iter bounded (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: grew
a = [1]
for x in a:
    a.append(x)
    if len(a) > 1000:
        raise OverflowError('grew')
