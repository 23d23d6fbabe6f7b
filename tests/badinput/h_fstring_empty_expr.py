# badinput: fstring empty expr (CPython 3.12 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: valid expression required before '}'
f'{}'
