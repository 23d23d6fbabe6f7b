# badinput: eval of a statement is a SyntaxError
# expect-exit: 1
# expect-stderr: SyntaxError
eval("x = 1")
