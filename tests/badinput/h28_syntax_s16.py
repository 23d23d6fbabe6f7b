# badinput: a for line without its colon
# expect-exit: 1
# expect-stderr: h28_syntax_s16.py:4:18: SyntaxError: expected ':', got NEWLINE (hint: end the 'for' line with ':')
for i in range(3)
    print(i)
