# badinput: a character after the line continuation backslash
# expect-exit: 1
# expect-stderr: SyntaxError: unexpected character after line continuation character
x = 1 + \ 2
