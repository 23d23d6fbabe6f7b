import torch
# Arithmetic on uint8/int8/int16/int32: wrap-around, promotion with other tensors and Python
# scalars, comparisons, bitwise ops and shifts, division, reductions, sorting, indexing, joins.
u = torch.tensor([250, 3, 128, 0], dtype=torch.uint8)
s = torch.tensor([127, -128, -1, 5], dtype=torch.int8)
h = torch.tensor([32767, -3, 100, 7], dtype=torch.int16)
i = torch.tensor([2147483647, -7, 9, 0], dtype=torch.int32)
l = torch.tensor([1, 2, 3, 4])
f = torch.tensor([0.5, 1.5, 2.5, 3.5])

def show(name, t):
    print(name, t.dtype, t)

show("u+10", u + 10)
show("u*2", u * 2)
show("-u", -u)
show("u-5", u - 5)
show("s+1", s + 1)
show("s.abs", s.abs())
show("h*2", h * 2)
show("i+1", i + 1)
show("u+s", u + s)
show("u+h", u + h)
show("s+i", s + i)
show("i+l", i + l)
show("u+f", u + f)
show("i*1.5", i * 1.5)
show("i/2", i / 2)
show("i//2", i // 2)
show("i%4", i % 4)
show("i.fmod4", torch.fmod(i, 4))
show("u+True", u + True)
show("u+bool", u + torch.tensor([True, False, True, False]))
show("i+0dim64", i + torch.tensor(1))
show("0dim-u8+i8", torch.tensor(1, dtype=torch.uint8) + s)
show("i**2", torch.tensor([2, 3], dtype=torch.int32) ** 2)
show("u<s", u < s)
show("i==9", i == 9)
show("u>=128", u >= 128)
show("~u", ~u)
show("~s", ~s)
show("u&0x0f", u & 0x0F)
show("s|1", s | 1)
show("h^h", h ^ torch.tensor([1, 1, 1, 1], dtype=torch.int16))
show("u<<1", u << 1)
show("u>>1", u >> 1)
show("s>>1", s >> 1)
show("s<<2", s << 2)
show("clamp", i.clamp(-5, 5))
show("clamp_min", u.clamp(min=100))
show("where", torch.where(u > 100, u, torch.zeros_like(u)))
show("where_mixed", torch.where(u > 100, u, s))
show("maximum", torch.maximum(u, torch.tensor([1, 200, 1, 1], dtype=torch.uint8)))
show("sign", s.sign())
show("float", i.float())
show("sum_u8", u.sum())
show("sum_i32", i.sum())
show("sum_dtype", u.sum(dtype=torch.int32))
show("sum_dim", torch.tensor([[1, 2], [3, 4]], dtype=torch.int16).sum(0))
show("prod", torch.tensor([2, 3, 4], dtype=torch.int8).prod())
show("cumsum", u.cumsum(0))
show("max", u.max())
show("min", s.min())
show("amax", h.amax())
show("argmax", u.argmax())
show("argmin", s.argmin())
mx = i.max(dim=0)
print("max_dim", mx.values, mx.indices)
sv, si = torch.sort(s)
print("sort", sv, si)
tv, ti = torch.topk(u, 2)
print("topk", tv, ti)
show("unique", torch.unique(torch.tensor([3, 1, 3, 2], dtype=torch.int32)))
show("cat", torch.cat([u, s]))
show("cat_same", torch.cat([i, i]))
show("stack", torch.stack([u, u]))
idx = torch.tensor([2, 0], dtype=torch.int32)
show("f[idx32]", f[idx])
show("index_select32", torch.index_select(f, 0, idx))
show("u[1:3]", u[1:3])
show("u.view", torch.arange(6, dtype=torch.uint8).view(2, 3))
show("mm", torch.mm(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32), torch.tensor([[5], [6]], dtype=torch.int32)))
print("eq_all", torch.equal(i, i.clone()))
print("any", bool(u.any()), "all", bool(u.all()))
m = torch.tensor([1, 0, 1, 0], dtype=torch.bool)
show("masked_fill", u.masked_fill(m, 7))
w = u.clone()
w += 10
show("iadd", w)
w *= 3
show("imul", w)
try:
    w /= 2
except Exception as e:
    print(type(e).__name__, e)
try:
    u.masked_fill(torch.tensor([1, 0, 1, 0], dtype=torch.uint8), 7)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.gather(f, 0, idx)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.where(torch.tensor([1, 0, 1, 0], dtype=torch.uint8), u, u)
except Exception as e:
    print(type(e).__name__, e)
try:
    f[torch.tensor([0, 1], dtype=torch.int8)]
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.tensor([2, 3], dtype=torch.int32) ** -1
except Exception as e:
    print(type(e).__name__, e)
a2 = torch.ones(2, 2, dtype=torch.int32)
f2 = torch.ones(2, 2)
for fn in [lambda: torch.nn.Linear(2, 2)(a2),
           lambda: torch.nn.functional.cross_entropy(f2, torch.tensor([0, 1], dtype=torch.int32)),
           lambda: torch.nn.functional.embedding(torch.tensor([0], dtype=torch.uint8), f2),
           lambda: torch.nn.functional.one_hot(torch.tensor([0, 1], dtype=torch.int32)),
           lambda: torch.nn.functional.embedding(torch.tensor([1, 0], dtype=torch.int32), f2)]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
for fn in [lambda: torch.tensor([1, 200], dtype=torch.uint8).clamp(0, 300),
           lambda: torch.tensor([1, 200], dtype=torch.uint8).clamp_(max=-1),
           lambda: torch.tensor([1, 200], dtype=torch.uint8).clamp(0.5, 3.5),
           lambda: torch.tensor([-5, 200], dtype=torch.int16).clamp(min=-1)]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("u8 mask index", f[torch.tensor([1, 0, 1, 0], dtype=torch.uint8)])
print(len(caught) > 0)
