# badinput: dup argument (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: duplicate argument 'a' in function definition
def f(a, a): pass
