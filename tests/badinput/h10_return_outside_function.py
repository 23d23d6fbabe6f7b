# badinput: return outside function
# expect-exit: 1
# expect-stderr: SyntaxError: 'return' outside function
return 5
