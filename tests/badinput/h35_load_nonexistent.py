# badinput: torch.load of a missing file
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'definitely_not_here_h35.pt'
import torch
torch.load("definitely_not_here_h35.pt")
