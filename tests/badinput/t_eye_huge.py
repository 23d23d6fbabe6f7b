# badinput: t eye huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[4294967296, 4294967296]
import torch
torch.eye(2**32)
