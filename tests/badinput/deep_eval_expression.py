# badinput: deep eval expression (issue 31 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
eval('(' * 100000 + '1' + ')' * 100000)
