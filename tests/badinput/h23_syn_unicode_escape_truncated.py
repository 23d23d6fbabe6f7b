# badinput: \u with two hex digits
# expect-exit: 1
# expect-stderr: truncated \uXXXX escape
print("\u12")
