# badinput: fstring backslash (valid since CPython 3.12, PEP 701)
# expect-exit: 0
f'{"\\n"}'
