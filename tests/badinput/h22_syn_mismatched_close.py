# badinput: a closing bracket of the wrong kind
# expect-exit: 1
# expect-stderr: SyntaxError: closing parenthesis ']' does not match opening parenthesis '('
x = (1, 2]
