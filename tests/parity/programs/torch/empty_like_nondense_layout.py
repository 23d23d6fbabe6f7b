# empty_like / clone / *_like / rand_like and dropout of strided tensors that are not dense (a slice of
# a transposed tensor, a strided slice of a permutation, an expanded view): ATen's preserve_format
# gives dense strides in the input's layout permutation (TensorUtils' infer_dense_strides), and that
# layout is the order dropout's noise and rand_like's values are drawn in.
import torch

torch.manual_seed(0)
base = torch.arange(2 * 4 * 7, dtype=torch.float32).view(2, 4, 7)
x = base[:, :, :-2].transpose(1, 2)
print("x", x.shape, x.stride(), x.is_contiguous())
print("like", torch.empty_like(x).stride(), x.clone().stride(), torch.zeros_like(x).stride(),
      torch.ones_like(x).stride(), torch.full_like(x, 2.0).stride())
c = x.clone()
print("clone", c.is_contiguous(), torch.equal(c, x), c.contiguous().stride())
y = torch.randn(3, 4, 5).permute(2, 0, 1)[::2]
print("perm slice", y.shape, y.stride(), torch.empty_like(y).stride(), y.clone().stride())
e = torch.randn(3, 1).expand(3, 4)
print("expanded", e.stride(), torch.empty_like(e).stride(), e.clone().stride())
z = torch.randn(4, 6, 5)[:, 1:5, :].permute(0, 2, 1)
print("permuted slice", z.stride(), torch.empty_like(z).stride())
w = torch.randn(1, 3, 1, 4)[..., ::2]
print("size-1 dims", w.stride(), torch.empty_like(w).stride())
v = torch.randn(5, 3).t()[:, ::2]
print("t slice", v.stride(), torch.empty_like(v).stride(), torch.empty_like(v, dtype=torch.float64).stride())

# dropout's noise is drawn in the layout of empty_like(input)
torch.manual_seed(1)
ones = torch.ones(2, 6, 9)[:, :, :-1].transpose(1, 2)
m = torch.nn.functional.dropout(ones, 0.5)
print("dropout", m.shape, m.stride(), m.sum().item())
print((m[0] != 0).int().tolist()[:3])
torch.manual_seed(1)
m2 = torch.nn.functional.dropout(torch.ones(2, 6, 8), 0.5).transpose(1, 2)
print("drawn as the transposed layout", torch.equal(m, m2))
torch.manual_seed(3)
t = torch.ones(4, 10, requires_grad=True)
d = torch.nn.Dropout(0.25)(t[:, 1:9].t())
d.sum().backward()
print("grad", t.grad.sum().item(), t.grad[0].tolist())
torch.manual_seed(2)
r = torch.rand_like(ones)
print("rand_like", r.stride(), [round(val, 4) for val in r[0, :, 0].tolist()])
