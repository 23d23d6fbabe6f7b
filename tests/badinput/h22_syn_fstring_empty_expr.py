# badinput: an f-string with an empty field
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: valid expression required before '}'
print(f'{}')
