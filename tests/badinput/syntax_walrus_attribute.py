# badinput: assignment expression to an attribute
# expect-exit: 1
# expect-stderr: SyntaxError
(a.b := 1)
