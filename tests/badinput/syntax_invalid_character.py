# badinput: a euro sign used as an operator
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '€' (U+20AC)
x = 1 € 2
