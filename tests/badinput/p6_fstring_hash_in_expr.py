# badinput: fstring hash in expr (issue 31, hostile-input sweep 6; CPython 3.12 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: '{' was never closed
print(f'{1 #}')
