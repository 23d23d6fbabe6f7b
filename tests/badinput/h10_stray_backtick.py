# badinput: stray backtick
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
x = `1`
