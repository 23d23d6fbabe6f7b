# badinput: fstring empty expr
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: valid expression required before '}'
print(f"{}")
