# badinput: as_strided with a size of 2**63-1
# expect-exit: 1
# expect-stderr: RuntimeError: 
import torch
torch.empty(4).as_strided((2**63 - 1,), (1,))
