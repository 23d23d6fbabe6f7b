# badinput: Python 2 print statement
# expect-exit: 1
# expect-stderr: h28_syntax_s19.py:4:1: SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
print "hello"
