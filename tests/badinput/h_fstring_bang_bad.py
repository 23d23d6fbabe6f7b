# badinput: fstring bang bad (CPython 3.12 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'
f'{1!z}'
