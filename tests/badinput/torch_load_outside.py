# badinput: torch.load('/etc/passwd')
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import torch
torch.load('/etc/passwd')
