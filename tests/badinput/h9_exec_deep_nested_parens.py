# badinput: a program with 1000 nested parentheses
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
x = eval('(' * 1000 + '1' + ')' * 1000)
