# badinput: comprehension nested deep (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
src = "[" * 5000 + "1" + "]" * 5000
eval(src)
