# badinput: fstring empty expr (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: empty expression not allowed
f'{}'
