# badinput: Python 2 exec statement
# expect-exit: 1
# expect-stderr: SyntaxError: Missing parentheses in call to 'exec'. Did you mean exec(...)?
exec 'x = 1'
