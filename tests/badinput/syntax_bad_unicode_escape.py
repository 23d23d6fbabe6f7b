# badinput: a truncated \u escape
# expect-exit: 1
# expect-stderr: truncated \uXXXX escape
s = "\u12"
