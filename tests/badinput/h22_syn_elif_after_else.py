# badinput: elif after else
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
if x:
    pass
else:
    pass
elif y:
    pass
