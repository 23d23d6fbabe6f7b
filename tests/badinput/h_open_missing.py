# badinput: open missing (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'no_such_file_here.txt'
open("no_such_file_here.txt")
