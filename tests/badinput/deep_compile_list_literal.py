# badinput: deep compile list literal (issue 31 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
eval('[' * 10000 + ']' * 10000)
