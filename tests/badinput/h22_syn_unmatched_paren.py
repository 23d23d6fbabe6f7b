# badinput: an unmatched closing parenthesis
# expect-exit: 1
# expect-stderr: SyntaxError: unmatched ')'
x = 1)
