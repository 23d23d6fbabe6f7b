# badinput: \u with two hex digits
# expect-exit: 1
# expect-stderr: SyntaxError: truncated \uXXXX escape
print("\u12")
