# badinput: fstring empty conversion (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a'
print(f'{1!}')
