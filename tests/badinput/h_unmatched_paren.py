# badinput: unmatched paren (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: unmatched ')'
print(1))
