# The layout of a fresh result, as PyTorch's TensorIterator and preserve_format choose it: elementwise
# results follow their inputs' strides (a transposed input gives a transposed result, broadcasting
# included), *_like/clone/.to keep a dense input's strides, and random fills of a strided tensor draw
# in memory order, so dropout after a transpose (Informer's TokenEmbedding: conv(x.permute(0, 2, 1))
# .transpose(1, 2)) masks the same elements as PyTorch does. Programs see it in .stride(),
# is_contiguous(), view()'s error, and random numbers.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
a = torch.randn(2, 4, 3).transpose(1, 2)          # strides (12, 1, 3)
b = torch.randn(1, 3, 4)
c = torch.randn(2, 3, 4)
print(a.stride(), (a + b).stride(), (a * 2).stride(), a.exp().stride(), (a > 0).stride())
print((a + c).stride(), (c + a).stride(), torch.where(a > 0, a, c).stride(), a.masked_fill(a > 0, 0.0).stride())
print(torch.addcmul(a, a, c).stride(), torch.lerp(a, c, 0.5).stride(), a.clamp(min=0).stride())
print(a.clone().stride(), torch.empty_like(a).stride(), torch.zeros_like(a).stride(), torch.rand_like(a).stride())
print(a.double().stride(), a.to(torch.float16).stride(), a.contiguous().stride(), a.is_contiguous(), (a + 1).is_contiguous())
s = torch.randn(4, 6)[:, ::2]                       # not dense: results are row-major dense
print(s.stride(), (s + 1).stride(), s.clone().stride(), torch.empty_like(s).stride())
p = torch.randn(2, 3, 4, 5).permute(0, 2, 3, 1)     # NHWC storage of an NCHW tensor
print(p.stride(), (p * p).stride(), (p + torch.randn(4, 5, 1)).stride(), F.relu(p).stride())
cl = torch.empty_like(torch.randn(2, 3, 4, 5), memory_format=torch.channels_last)
print(cl.stride(), torch.zeros_like(p, memory_format=torch.contiguous_format).stride())
try:
    (a * 2).view(-1)
except RuntimeError as e:
    print("RuntimeError:", e)
print((a * 2).reshape(-1)[:4])

torch.manual_seed(1)
t = torch.ones(2, 5, 3).transpose(1, 2)
print(F.dropout(t, 0.5).flatten().tolist())
torch.manual_seed(1)
print(torch.rand_like(t).flatten().tolist()[:6])
torch.manual_seed(1)
u = torch.empty(2, 5, 3).transpose(1, 2)
print(u.uniform_().flatten().tolist()[:6], u.normal_().flatten().tolist()[:4])
torch.manual_seed(1)
probs = torch.linspace(0.1, 0.9, 6).view(2, 3)
print(torch.empty(3, 2).t().bernoulli_(probs).tolist(), torch.bernoulli(probs.t()).tolist())
x = torch.randn(3, 4, requires_grad=True)
y = (x.t() * 3).sum(0)
y.sum().backward()
print(x.grad.stride(), x.grad[0].tolist())
