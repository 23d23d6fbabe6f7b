# badinput: continue in finally ok yield outside
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' outside function
yield 5
