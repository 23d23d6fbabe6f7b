# badinput: torch.save to a full disk
# kiln-args: --allow-dir /dev
# expect-exit: 1
# expect-stderr: No space left on device
import torch
torch.save(torch.ones(10000), '/dev/full')
print('saved?')
