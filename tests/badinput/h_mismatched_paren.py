# badinput: mismatched paren (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: closing parenthesis ')' does not match opening parenthesis '['
print([1)
