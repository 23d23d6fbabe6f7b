# badinput: pad huge
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000 bytes.
import torch
import torch.nn.functional as F
F.pad(torch.ones(2), (10 ** 12, 0))
