# badinput: open directory (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IsADirectoryError: [Errno 21] Is a directory: '.'
open(".")
