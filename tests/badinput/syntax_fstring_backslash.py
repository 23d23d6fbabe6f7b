# badinput: a backslash inside an f-string expression
# expect-exit: 1
# expect-stderr: SyntaxError: f-string expression part cannot include a backslash
s = f"{'\n'.join([])}"
