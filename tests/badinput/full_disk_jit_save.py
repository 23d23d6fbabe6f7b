# badinput: torch.jit.save to a full disk
# kiln-args: --allow-dir /dev
# expect-exit: 1
# expect-stderr: No space left on device
import torch
f = torch.jit.trace(lambda x: x * 2, torch.ones(3))
torch.jit.save(f, '/dev/full')
print('saved?')
