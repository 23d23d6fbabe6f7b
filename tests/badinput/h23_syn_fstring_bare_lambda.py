# badinput: a lambda in an f-string field without parentheses
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: lambda expressions are not allowed without parentheses
print(f"{lambda x: x}")
