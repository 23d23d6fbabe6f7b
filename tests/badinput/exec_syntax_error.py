# badinput: exec of source with a syntax error reports it in "<string>"
# expect-exit: 1
# expect-stderr: SyntaxError: '(' was never closed
exec("x = (1,\n")
