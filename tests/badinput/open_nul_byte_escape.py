# badinput: a NUL byte in a path that would shorten it to an outside path
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
open("/etc/passwd\x00.txt")
