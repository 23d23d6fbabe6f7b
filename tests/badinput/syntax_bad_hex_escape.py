# badinput: a truncated \x escape
# expect-exit: 1
# expect-stderr: truncated \xXX escape
s = "ab\x4"
