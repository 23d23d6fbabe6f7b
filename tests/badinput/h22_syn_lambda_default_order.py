# badinput: a lambda parameter without default after one with
# expect-exit: 1
# expect-stderr: SyntaxError: parameter without a default follows parameter with a default
f = lambda x=1, y: 0
