# badinput: open directory
# expect-exit: 1
# expect-stderr: IsADirectoryError: [Errno 21] Is a directory: '.'
open(".")
