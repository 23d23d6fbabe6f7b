# badinput: a dedent to no enclosing level
# expect-exit: 1
# expect-stderr: h28_syntax_s5.py:6:3: IndentationError: unindent does not match any outer indentation level (hint: indent this line exactly like an enclosing block)
if True:
    x = 1
  y = 2
