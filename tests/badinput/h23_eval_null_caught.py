# badinput: eval() of a str with a NUL, caught: a SyntaxError without a line
# expect-exit: 0
# expect-stdout: SyntaxError source code string cannot contain null bytes None
try:
    eval("1\0")
except SyntaxError as e:
    print(type(e).__name__, e.msg, e.lineno)
