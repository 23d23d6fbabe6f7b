# badinput: expand to 2**40 elements then contiguous()
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
x = torch.ones(1).expand(2 ** 40)
print(x.shape)
x.contiguous()
