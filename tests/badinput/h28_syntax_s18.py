# badinput: '=' in an if condition
# expect-exit: 1
# expect-stderr: h28_syntax_s18.py:5:6: SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
x = 5
if x = 5:
    pass
