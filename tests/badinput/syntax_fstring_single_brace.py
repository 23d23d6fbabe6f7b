# badinput: an f-string with a lone }
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: single '}' is not allowed
s = f"a}b"
