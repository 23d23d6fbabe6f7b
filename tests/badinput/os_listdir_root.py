# badinput: os.listdir('/')
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import os
os.listdir("/")
