# badinput: fstring backslash (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string expression part cannot include a backslash
f'{"\\n"}'
