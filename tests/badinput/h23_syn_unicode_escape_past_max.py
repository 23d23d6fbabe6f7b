# badinput: \U00110000 in a str literal
# expect-exit: 1
# expect-stderr: SyntaxError: illegal Unicode character in \UXXXXXXXX escape
print("\U00110000")
