# badinput: lambda default order
# expect-exit: 1
# expect-stderr: SyntaxError: parameter without a default follows parameter with a default
f = lambda a=1, b: a
