# badinput: a try without except or finally
# expect-exit: 1
# expect-stderr: h28_syntax_s33.py:6:1: SyntaxError: expected 'except' or 'finally' block, got end of file (hint: a 'try' needs at least one 'except' or a 'finally')
try:
    pass
