# badinput: a backslash inside an f-string expression (valid since CPython 3.12, PEP 701)
# expect-exit: 0
s = f"{'\n'.join([])}"
