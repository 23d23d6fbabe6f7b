# badinput: fstring nested quote same (issue 31 sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: unmatched '['
x = {'a': 1}
print(f'{x["a"]}')
print(f'{x['a']}')
