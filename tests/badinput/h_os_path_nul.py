# badinput: os path nul (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
open("a\x00b")
