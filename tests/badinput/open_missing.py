# badinput: opening a file that does not exist
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'no_such_file_kiln.txt'
open("no_such_file_kiln.txt")
