# badinput: repeat_interleave(2**62)
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: Error
import torch
torch.ones(2).repeat_interleave(2**62)
