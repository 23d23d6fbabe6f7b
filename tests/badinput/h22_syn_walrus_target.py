# badinput: walrus onto an attribute
# expect-exit: 1
# expect-stderr: SyntaxError: cannot use assignment expressions with attribute
(a.b := 1)
