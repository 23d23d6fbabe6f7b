# `a << b` / `a >> b` with a tensor of shift counts and `int << t` (Tensor.__rlshift__ /
# __rrshift__), as bit-packing and hashing code writes them (`bits << torch.arange(8)` to pack
# booleans into bytes, `(x >> shifts) & 1` to unpack): PyTorch's lshift/rshift kernels elementwise
# over the promoted integer dtype, counts < 0 or >= the width shifting everything out (the sign fill
# for signed right shifts), broadcasting, and the floating-point refusal.
import torch

a = torch.tensor([1, 2, 8, -16, 5, 7], dtype=torch.int32)
b = torch.tensor([1, 2, 3, 2, 40, -1], dtype=torch.int32)
print(a << b, a >> b)
print(a << b.long(), (a << b.long()).dtype, a >> torch.tensor(31), a >> torch.tensor(30))
print(1 << torch.arange(6), 1024 >> torch.arange(6), (3 << torch.arange(3, dtype=torch.int16)).dtype)
u = torch.tensor([255, 128, 3], dtype=torch.uint8)
print(u >> torch.tensor([1, 7, 8], dtype=torch.uint8), u << torch.tensor([1, 1, 6], dtype=torch.uint8))
print(torch.tensor([-1]) << torch.tensor([63]), torch.tensor([-7]) >> torch.tensor([-1, 64, 2]))
bits = torch.tensor([[1, 0, 1, 1, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1, 1, 1]], dtype=torch.uint8)
packed = (bits << torch.arange(8, dtype=torch.uint8)).sum(dim=1)
print(packed, (packed.unsqueeze(1) >> torch.arange(8)) & 1)
m = torch.arange(12).reshape(3, 4)
print(m << torch.tensor([[0], [1], [2]]), m >> torch.tensor([0, 1, 2, 3]))
x = torch.tensor([1, 2, 3])
x <<= torch.tensor([2, 3, 4])
print(x)
for bad in (lambda: torch.ones(2) << torch.ones(2), lambda: torch.ones(2) >> torch.tensor([1, 2])):
    try:
        bad()
    except (RuntimeError, NotImplementedError, TypeError) as e:
        print(type(e).__name__, e)
