# badinput: many 1 MB tensors kept alive under --max-tensor-mb 16
# kiln-args: --max-tensor-mb 16
# expect-exit: 1
# expect-stderr: MemoryError
import torch
keep = [torch.zeros(2**18) for _ in range(100)]
