# badinput: a default after **kwargs
# expect-exit: 1
# expect-stderr: SyntaxError: arguments cannot follow var-keyword argument
def f(**k, a): pass
