# badinput: stray dollar
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
x = 1 $ 2
