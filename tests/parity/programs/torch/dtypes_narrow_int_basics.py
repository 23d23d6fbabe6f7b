import torch
# uint8/int8/int16/int32: dtype objects, aliases, conversions, factories, printing, item/tolist,
# legacy tensor types and iinfo.
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]:
    print(dt, dt.itemsize, dt.is_signed, dt.is_floating_point, dt.is_complex)
print(torch.int is torch.int32, torch.short is torch.int16, torch.long is torch.int64)
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32]:
    info = torch.iinfo(dt)
    print(info.bits, info.min, info.max, info.dtype)

x = torch.tensor([1.7, -2.2, 300.0, 0.0])
print(x.int(), x.short(), x.char(), x.byte())
print(x.to(torch.int32).dtype, x.int().type(), x.short().type(), x.char().type(), x.byte().type())
print(x.type(torch.IntTensor), x.type(torch.ByteTensor).dtype)
print(torch.IntTensor([1, 2, 3]), torch.ByteTensor([250, 5]))
print(torch.ShortTensor(2).dtype, torch.CharTensor([[1, -1]]))

print(torch.zeros(2, 3, dtype=torch.int32))
print(torch.ones(3, dtype=torch.uint8))
print(torch.full((2,), 7, dtype=torch.int16))
print(torch.arange(5, dtype=torch.int8))
print(torch.arange(2, 11, 3, dtype=torch.int32))
print(torch.empty(0, dtype=torch.int32))
print(torch.tensor([1, 2, 3], dtype=torch.int32))
print(torch.tensor([[0, 128], [255, 17]], dtype=torch.uint8))
print(torch.tensor(5, dtype=torch.int16))
print(torch.tensor([True, False]).int())
print(torch.tensor([-1, 2]).to(torch.uint8))
print(torch.zeros_like(torch.ones(2, dtype=torch.int32)), torch.ones_like(torch.ones(2, dtype=torch.int8)).dtype)

torch.manual_seed(0)
r = torch.randint(0, 10, (6,), dtype=torch.int32)
print(r.dtype, r.shape, bool(((r >= 0) & (r < 10)).all()))

a = torch.tensor([3, -4, 5], dtype=torch.int32)
print(a[0].item(), type(a[0].item()).__name__, a.tolist(), a.sum().item())
print(int(a[1]), float(a[2]), a.float(), a.double(), a.long(), a.half().dtype, a.bool())
print(a.dtype == torch.int32, a.is_floating_point(), a.is_signed(), a.byte().is_signed(), a.element_size(), a.numel())
print(repr(a), str(a))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int16).t().contiguous())
big = torch.arange(2000, dtype=torch.int32)
print(big)
try:
    a.requires_grad_(True)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, 2], dtype=torch.uint8, requires_grad=True)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.zeros(2, dtype=torch.int32).mean()
except Exception as e:
    print(type(e).__name__, e)
print(torch.tensor([-1, -255], dtype=torch.uint8), torch.full((2,), -1, dtype=torch.uint8))
print(torch.tensor([1.9, -1.9], dtype=torch.int8), torch.full((1,), 2.5, dtype=torch.int32))
for make in [lambda: torch.tensor([300], dtype=torch.uint8), lambda: torch.tensor([128], dtype=torch.int8),
             lambda: torch.tensor([-0.5], dtype=torch.uint8), lambda: torch.IntTensor([2 ** 31]),
             lambda: torch.full((2,), 300, dtype=torch.uint8), lambda: torch.full((1,), 40000, dtype=torch.int16),
             lambda: torch.zeros(2, dtype=torch.int8).fill_(200),
             lambda: torch.zeros(2, dtype=torch.int32).masked_fill(torch.tensor([True, False]), 2 ** 40)]:
    try:
        print(make())
    except Exception as e:
        print(type(e).__name__, e)
