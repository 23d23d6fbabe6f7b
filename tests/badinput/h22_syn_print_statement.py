# badinput: Python 2 print
# expect-exit: 1
# expect-stderr: SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
print 'hi'
