# badinput: a dict literal without a value
# expect-exit: 1
# expect-stderr: SyntaxError: ':' expected after dictionary key
d = {'a': 1, 'b'}
