# badinput: a conditional expression without else
# expect-exit: 1
# expect-stderr: SyntaxError: expected 'else' after 'if' expression
x = 1 if True
