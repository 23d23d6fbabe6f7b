# badinput: open('../../etc/passwd') leaves the sandbox
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
open("../../../../../../etc/passwd").read()
