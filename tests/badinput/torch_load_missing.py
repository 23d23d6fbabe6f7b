# badinput: torch.load of a missing file
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'no_such_file_kiln.pt'
import torch
torch.load('no_such_file_kiln.pt')
