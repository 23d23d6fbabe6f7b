# Bit-exactness of the CPU generator's normal draws on every path PyTorch's normal_ takes: contiguous
# float32 of >= 16 elements (the AVX2 Box-Muller over blocks of 16, the tail recomputed), float64 of
# >= 16 (the scalar normal_fill), fewer than 16 elements or non-contiguous tensors (the double
# Box-Muller with the generator's cached second value), half types, mean/std scaling, the
# torch.normal overloads, randn_like, the nn.init normal initializers and torch.Generator objects.
# Each tensor prints as an exact integer checksum of its bits (no summation-order effects) plus its
# first values in full precision.
import torch
import torch.nn as nn


def bits_of(t):
    t = t.detach().contiguous().reshape(-1)
    if t.dtype == torch.float64:
        b = t.view(torch.int64)
        return [b & 0xFFFFFF, (b >> 24) & 0xFFFFFF, (b >> 48) & 0xFFFF]
    if t.dtype == torch.float32:
        b = t.view(torch.int32).to(torch.int64)
        return [b & 0xFFFF, (b >> 16) & 0xFFFF]
    b = t.view(torch.int16).to(torch.int64)
    return [b & 0xFFFF]


def show_rounded(tag, t):
    # for results that pass through math kernels besides the generator (erfinv, a QR
    # factorization), whose last bits are not the generator's: the draws are checked by the
    # exact lines, these show the transform
    head = [round(v, 5) for v in t.detach().reshape(-1)[:4].double().tolist()]
    print(tag, tuple(t.shape), str(t.dtype).replace("torch.", ""), head)


def show(tag, t):
    n = t.numel()
    w = torch.arange(n, dtype=torch.int64) % 9973 + 1
    sums = [int((p * w).sum()) for p in bits_of(t)]
    head = [repr(v) for v in t.detach().reshape(-1)[:4].double().tolist()]
    print(tag, tuple(t.shape), str(t.dtype).replace("torch.", ""), sums, head)


SIZES = [1, 2, 7, 15, 16, 17, 31, 32, 33, 100, 1000, 4099]

# torch.randn over sizes and dtypes (the float32 AVX2 path from 16 elements up)
for dt in (torch.float32, torch.float64):
    for n in SIZES:
        torch.manual_seed(n)
        show("randn", torch.randn(n, dtype=dt))

# consecutive draws share the generator's state (the cached double normal of the scalar path)
torch.manual_seed(0)
show("seq1", torch.randn(3))
show("seq2", torch.randn(5))
show("seq3", torch.randn(20))
show("seq4", torch.randn(1))
show("seq5", torch.randn(1, dtype=torch.float64))
show("seq6", torch.randn(40, dtype=torch.float64))
show("seq7", torch.randn(2))

# multi-dimensional shapes (the kuangliu probe) and the float64 sum PyTorch programs often print
torch.manual_seed(0)
x = torch.randn(2, 3, 32, 32)
show("img", x)
torch.manual_seed(1)
show("mat", torch.randn(64, 128))

# normal_ with mean and std (the fused multiply-add of the scaling)
for dt in (torch.float32, torch.float64):
    for n in (5, 16, 37, 300):
        torch.manual_seed(100 + n)
        show("normal_", torch.empty(n, dtype=dt).normal_(0.5, 2.5))
        show("normal_neg", torch.empty(n, dtype=dt).normal_(-3.0, 0.125))

# non-contiguous targets: strided rows, a transpose, an expanded-free slice
for dt in (torch.float32, torch.float64):
    torch.manual_seed(7)
    base = torch.zeros(40, 2, dtype=dt)
    base[:, 0].normal_()
    show("strided", base)
    t = torch.zeros(8, 6, dtype=dt).t()
    t.normal_(1.0, 3.0)
    show("transposed", t)
    s = torch.zeros(50, dtype=dt)
    s[::3].normal_()
    show("step3", s)

# half types (normal_fill on the reduced type when contiguous and >= 16)
for dt in (torch.float16, torch.bfloat16):
    for n in (5, 16, 20, 64):
        torch.manual_seed(n)
        show("half", torch.randn(n, dtype=dt))

# torch.normal overloads
torch.manual_seed(11)
show("normal_tt", torch.normal(torch.arange(20.0), torch.linspace(0.1, 2.0, 20)))
show("normal_tf", torch.normal(torch.arange(20.0), 0.5))
show("normal_ft", torch.normal(1.5, torch.linspace(0.1, 2.0, 20)))
show("normal_ffs", torch.normal(2.0, 3.0, size=(4, 5)))
show("normal_small", torch.normal(torch.zeros(3), torch.ones(3)))
show("normal_tt64", torch.normal(torch.arange(20.0, dtype=torch.float64), torch.ones(20, dtype=torch.float64)))
show("normal_2d", torch.normal(torch.zeros(4, 8), torch.ones(4, 8) * 2))

# randn_like and Tensor.normal_ on a like tensor
torch.manual_seed(12)
show("randn_like", torch.randn_like(torch.zeros(3, 7)))
show("randn_like64", torch.randn_like(torch.zeros(17, dtype=torch.float64)))

# nn.init normal initializers
torch.manual_seed(13)
w = torch.empty(32, 16)
show("init_normal", nn.init.normal_(w, 0.0, 0.02))
show_rounded("init_trunc", nn.init.trunc_normal_(torch.empty(20, 10), std=0.02))
show_rounded("init_trunc_ab", nn.init.trunc_normal_(torch.empty(7), mean=0.5, std=1.0, a=-0.5, b=1.0))
show("init_kaiming_n", nn.init.kaiming_normal_(torch.empty(24, 12, 3, 3), mode="fan_out", nonlinearity="relu"))
show("init_xavier_n", nn.init.xavier_normal_(torch.empty(10, 30)))
show("init_kaiming_u", nn.init.kaiming_uniform_(torch.empty(24, 12), a=5 ** 0.5))
show("init_xavier_u", nn.init.xavier_uniform_(torch.empty(10, 30)))
show_rounded("init_orth", nn.init.orthogonal_(torch.empty(6, 4)))

# layers initialized from the global stream
torch.manual_seed(14)
lin = nn.Linear(20, 30)
conv = nn.Conv2d(3, 8, 3)
emb = nn.Embedding(50, 16)
show("linear_w", lin.weight)
show("linear_b", lin.bias)
show("conv_w", conv.weight)
show("emb", emb.weight)

# torch.Generator objects, independent of the global stream
g = torch.Generator().manual_seed(3)
show("gen_randn", torch.randn(21, generator=g))
show("gen_randn_small", torch.randn(3, generator=g))
show("gen_normal_", torch.empty(40, dtype=torch.float64).normal_(generator=g))
g2 = torch.Generator()
g2.manual_seed(3)
show("gen_again", torch.randn(21, generator=g2))
state = g.get_state()
a = torch.randn(18, generator=g)
g.set_state(state)
b = torch.randn(18, generator=g)
print("gen_state_replay", torch.equal(a, b))

# the state's cached normal survives get_state / set_state
torch.manual_seed(15)
torch.randn(1, dtype=torch.float64)
st = torch.get_rng_state()
c1 = torch.randn(1, dtype=torch.float64)
torch.set_rng_state(st)
c2 = torch.randn(1, dtype=torch.float64)
show("cached1", c1)
print("cached_equal", torch.equal(c1, c2))
