# badinput: yield outside a function
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' outside function
yield 1
