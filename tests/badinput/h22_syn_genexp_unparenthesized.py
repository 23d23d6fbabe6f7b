# badinput: a generator argument beside another argument
# expect-exit: 1
# expect-stderr: SyntaxError: Generator expression must be parenthesized
f(x for x in y, 1)
