# badinput: a starred expression as a statement
# expect-exit: 1
# expect-stderr: SyntaxError: can't use starred expression here
*range(3)
