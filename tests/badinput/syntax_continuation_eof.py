# badinput: a line continuation at the end of the file
# expect-exit: 1
# expect-stderr: SyntaxError: unexpected EOF while parsing
x = 1 + \