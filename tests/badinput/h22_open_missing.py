# badinput: open() of a file that is not there
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'h22_no_such_file.txt'
open('h22_no_such_file.txt')
