# torch.bitwise_left_shift / bitwise_right_shift and the shift operators: Tensor.bitwise_*_shift(_), `<<`, `>>`,
# `<<=`, `>>=` (in place, the same object), reflected `2 << t`, counts as tensors (broadcast, promoted with the shifted
# tensor) or numbers, PyTorch's results for counts outside [0, width) (left: 0; right: the sign fill), the narrow integer
# dtypes wrapping, the refusals for floating and bool tensors, and the ops inside torch.jit.trace and torch.compile.
import re

import torch

a = torch.tensor([1, 2, -8, 127, -1], dtype=torch.int64)
print(a << 2, a >> 1)
print(torch.bitwise_left_shift(a, 3), torch.bitwise_right_shift(a, torch.tensor(1)))
print(torch.bitwise_left_shift(a, torch.tensor([0, 1, 2, 63, 64])))
print(torch.bitwise_right_shift(a, torch.tensor([0, 1, 63, 64, -1])))
print(a.bitwise_left_shift(1), a.bitwise_right_shift(torch.tensor([[1], [2]])))
b = a.clone()
alias = b
b <<= 1
print(b, alias is b)
b >>= torch.tensor([1, 2, 3, 70, 0])
print(b)
c = a.clone()
print(c.bitwise_left_shift_(2), c)
print(c.bitwise_right_shift_(torch.tensor(1)), c)

i8 = torch.tensor([1, -1, 64, -128], dtype=torch.int8)
print(i8 << 1, i8 >> 7, i8 << torch.tensor([7, 8, 1, 1], dtype=torch.int8))
u8 = torch.tensor([1, 128, 255], dtype=torch.uint8)
print(u8 << 1, u8 >> 7, u8 >> torch.tensor([8, 1, 0], dtype=torch.uint8))
i32 = torch.tensor([3, -3], dtype=torch.int32)
print(i32 << torch.tensor([1, 2]), (i32 << torch.tensor([1, 2])).dtype, (i32 << 1).dtype)
print(2 << torch.tensor([1, 3]), 256 >> torch.tensor([1, 4]))

# Packing four 2-bit codes into one byte and unpacking them again.
codes = torch.tensor([[3, 0, 2, 1], [1, 1, 0, 3]], dtype=torch.uint8)
shifts = torch.tensor([0, 2, 4, 6], dtype=torch.uint8)
packed = (codes << shifts).sum(dim=1, dtype=torch.uint8)
unpacked = (packed.unsqueeze(1) >> shifts) & 3
print(packed, unpacked, torch.equal(unpacked, codes))

for bad in (lambda: torch.tensor([1.5]) << 1, lambda: torch.tensor([True]) << 1,
            lambda: torch.tensor([1]) << 1.5, lambda: torch.bitwise_left_shift(torch.tensor([2.0]), torch.tensor([1])),
            lambda: torch.bitwise_right_shift(torch.tensor([4]), torch.tensor([0.5]))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)


def shifts_fn(x, y):
    return (x << y) + torch.bitwise_right_shift(x, y)


traced = torch.jit.trace(shifts_fn, (torch.tensor([8, 16]), torch.tensor([1, 2])))
print(re.sub(r"# \S*/", "# ", str(traced.graph)))  # the source file's directory differs between machines
print(traced(torch.tensor([32, 64]), torch.tensor([3, 1])))
compiled = torch.compile(lambda x, y: torch.bitwise_left_shift(x, y) | (x >> 1))
print(compiled(torch.tensor([5, 6]), torch.tensor([2, 3])))
