# badinput: open('')
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: ''
open("")
