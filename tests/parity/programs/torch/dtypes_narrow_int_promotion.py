import torch
# torch.promote_types over every pair of Kiln's dtypes (c10's table), and torch.result_type with
# tensors of each class (dimensioned, zero-dim) and Python numbers.
dts = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
       torch.float16, torch.bfloat16, torch.float32, torch.float64]
for a in dts:
    print(str(a).ljust(15), " ".join(str(torch.promote_types(a, b)).replace("torch.", "").ljust(8) for b in dts))
u = torch.tensor([1, 2], dtype=torch.uint8)
s = torch.tensor([1, 2], dtype=torch.int8)
i = torch.tensor([1, 2], dtype=torch.int32)
print(torch.result_type(u, 1), torch.result_type(u, 1.5), torch.result_type(u, True))
print(torch.result_type(i, 2 ** 40), torch.result_type(s, torch.tensor(1)), torch.result_type(s, torch.tensor(1.0)))
print(torch.result_type(u, s), torch.result_type(torch.tensor(1, dtype=torch.int32), torch.tensor(1, dtype=torch.int16)))
print(torch.result_type(torch.tensor(1, dtype=torch.uint8), 1), torch.result_type(torch.tensor(1, dtype=torch.int8), 2.5))
print((u + torch.tensor(1000)).dtype, (i + torch.tensor([1.0], dtype=torch.float16)).dtype, (s * True).dtype)
print((u > 1.5), (i == torch.tensor([1.0, 2.5])))
print([torch.can_cast(a, b) for a, b in [(torch.int32, torch.uint8), (torch.uint8, torch.int8), (torch.float32, torch.int32),
                                          (torch.int16, torch.bool), (torch.bool, torch.uint8), (torch.int8, torch.float16)]])
