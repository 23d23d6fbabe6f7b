# badinput: a negative shift count
# expect-exit: 1
# expect-stderr: ValueError: negative shift count
1 << -1
