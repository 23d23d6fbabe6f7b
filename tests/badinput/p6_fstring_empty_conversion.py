# badinput: fstring empty conversion (issue 31, hostile-input sweep 6; CPython 3.12 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: missing conversion character
print(f'{1!}')
