# badinput: reading /dev/zero
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied: '/dev/zero'
import torch
open("/dev/zero","rb").read()
