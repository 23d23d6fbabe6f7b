# badinput: PyTorch misuse: embedding int32 ok float bad
# expect-exit: 1
# expect-stderr: RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got to
# expect-stdout: torch.Size([2, 2])
import torch
e = torch.nn.Embedding(4, 2)
print(e(torch.tensor([1, 2], dtype=torch.int32)).shape)
e(torch.tensor([1.0]))
