# badinput: shift negative
# expect-exit: 1
# expect-stderr: ValueError: negative shift count
1 << -1
