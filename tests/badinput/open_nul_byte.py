# badinput: a NUL byte in a path
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
open("data\x00.txt", "w")
