# badinput: a file ending in a line continuation
# expect-exit: 1
# expect-stderr: SyntaxError: unexpected EOF while parsing
x = 1 + \