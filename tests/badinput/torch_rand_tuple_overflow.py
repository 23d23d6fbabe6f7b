# badinput: torch.rand((2**21, 2**21, 2**22))
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2097152, 2097152, 4194304]
import torch
torch.rand((2**21, 2**21, 2**22))
