# badinput: os.chdir('/') then reading a relative path
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import os
os.chdir("/")
open("etc/passwd").read()
