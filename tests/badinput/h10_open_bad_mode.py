# badinput: open bad mode
# expect-exit: 1
# expect-stderr: ValueError: must have exactly one of create/read/write/append mode
open("x.txt", "rw")
