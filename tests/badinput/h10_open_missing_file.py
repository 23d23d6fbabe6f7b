# badinput: open missing file
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'definitely_missing_file.txt'
open("definitely_missing_file.txt")
