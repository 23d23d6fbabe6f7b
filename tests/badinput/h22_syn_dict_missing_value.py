# badinput: a dict key without its value
# expect-exit: 1
# expect-stderr: SyntaxError: expression expected after dictionary key and ':'
d = {1: }
