# badinput: duplicate parameter name
# expect-exit: 1
# expect-stderr: SyntaxError: duplicate argument 'a' in function definition
def f(a, a):
    pass
