# badinput: a lambda parameter named twice
# expect-exit: 1
# expect-stderr: SyntaxError: duplicate argument 'x' in function definition
f = lambda x, x: x
