# badinput: arange with 2**60 float steps
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: Error
import torch
torch.arange(0, 2.0 ** 60, 1.0)
