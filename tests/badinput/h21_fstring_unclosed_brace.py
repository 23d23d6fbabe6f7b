# badinput: f-string with an unclosed brace
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: expecting '}'
x = 1
print(f'{x')
