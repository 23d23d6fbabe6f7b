# badinput: exec deep (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
exec("x = " + "(" * 1000 + "1" + ")" * 1000)
print(x)
