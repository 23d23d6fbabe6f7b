# badinput: deep compile list literal (issue 31 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses or blocks (Kiln's limit is 100)
eval('[' * 10000 + ']' * 10000)
