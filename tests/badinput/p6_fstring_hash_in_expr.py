# badinput: fstring hash in expr (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string expression part cannot include '#'
print(f'{1 #}')
