# badinput: *a = [1]
# expect-exit: 1
# expect-stderr: SyntaxError: starred assignment target must be in a list or tuple
*a = [1]
