# badinput: a dict display missing a ':'
# expect-exit: 1
# expect-stderr: SyntaxError: ':' expected after dictionary key
d = {1: 2, 3}
