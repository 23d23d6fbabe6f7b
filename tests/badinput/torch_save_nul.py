# badinput: torch.save to a path with a NUL byte
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
import torch
torch.save(torch.ones(2), 'x\x00.pt')
