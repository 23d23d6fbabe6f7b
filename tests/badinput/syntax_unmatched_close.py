# badinput: a ) with nothing open
# expect-exit: 1
# expect-stderr: SyntaxError: unmatched ')'
x = 1)
