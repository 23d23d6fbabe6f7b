# badinput: a parameter named twice
# expect-exit: 1
# expect-stderr: SyntaxError: duplicate argument 'a' in function definition
def f(a, b, a):
    pass
