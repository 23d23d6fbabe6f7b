# badinput: an identifier starting with a combining accent (not XID_Start)
# expect-exit: 1
# expect-stderr: h23_syn_ident_combining_start.py:4:1: SyntaxError: invalid character '́' (U+0301)
́a = 1
print(1)
