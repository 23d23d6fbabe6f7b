# badinput: opening the program's directory as a file
# expect-exit: 1
# expect-stderr: IsADirectoryError: [Errno 21] Is a directory: '.'
open(".")
