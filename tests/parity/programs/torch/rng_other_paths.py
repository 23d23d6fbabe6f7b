# Bit-exactness of the CPU generator's other draws: rand / uniform_ (float32 keeps 24 bits of one
# word, float64 53 bits of two), randint over small and 64-bit ranges, randperm, random_,
# bernoulli_ with a float p and with a tensor of p, dropout, multinomial with and without
# replacement, exponential_, geometric_, log_normal_, cauchy_, each over contiguous and strided
# targets, and torch.Generator objects. Tensors print as exact integer checksums of their bits.
import torch
import torch.nn as nn
import torch.nn.functional as F


def bits_of(t):
    t = t.detach().contiguous().reshape(-1)
    if t.dtype == torch.float64:
        b = t.view(torch.int64)
        return [b & 0xFFFFFF, (b >> 24) & 0xFFFFFF, (b >> 48) & 0xFFFF]
    if t.dtype == torch.float32:
        b = t.view(torch.int32).to(torch.int64)
        return [b & 0xFFFF, (b >> 16) & 0xFFFF]
    if t.dtype in (torch.float16, torch.bfloat16):
        return [t.view(torch.int16).to(torch.int64) & 0xFFFF]
    b = t.to(torch.int64)
    return [b & 0xFFFFFF, (b >> 24) & 0xFFFFFF, (b >> 48) & 0xFFFF]


def show(tag, t):
    n = t.numel()
    w = torch.arange(n, dtype=torch.int64) % 9973 + 1
    sums = [int((p * w).sum()) for p in bits_of(t)]
    flat = t.detach().reshape(-1)[:4]
    head = [repr(v) for v in flat.double().tolist()] if flat.is_floating_point() else flat.tolist()
    print(tag, tuple(t.shape), str(t.dtype).replace("torch.", ""), sums, head)


SIZES = [1, 7, 16, 17, 100, 1000]

for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
    for n in SIZES:
        torch.manual_seed(n)
        show("rand", torch.rand(n, dtype=dt))
    torch.manual_seed(5)
    show("uniform_", torch.empty(33, dtype=dt).uniform_(-2.0, 3.0))
    show("uniform_strided", torch.zeros(10, 4, dtype=dt).t().uniform_(0.25, 0.5))
show("rand_like", torch.rand_like(torch.zeros(5, 3)))

# randint: 32-bit and 64-bit ranges, dtypes
torch.manual_seed(20)
show("randint", torch.randint(0, 10, (50,)))
show("randint_neg", torch.randint(-7, 3, (4, 5)))
show("randint_big", torch.randint(-5, 2 ** 40, (30,)))
show("randint_i32", torch.randint(0, 1000, (20,), dtype=torch.int32))
show("randint_f32", torch.randint(0, 6, (20,), dtype=torch.float32))
show("randint_like", torch.randint_like(torch.zeros(3, 3), 2, 9))
show("randint_strided", torch.zeros(6, 4, dtype=torch.int64).t().random_(0, 100))
show("random_", torch.empty(10, dtype=torch.int64).random_())
show("random_f", torch.empty(10, dtype=torch.float32).random_())
show("random_d", torch.empty(10, dtype=torch.float64).random_())
show("random_to", torch.empty(10, dtype=torch.int32).random_(50))

# randperm
for n in (1, 2, 5, 16, 100, 1000, 5000):
    torch.manual_seed(n)
    show("randperm", torch.randperm(n))
show("randperm_f", torch.randperm(10, dtype=torch.float32))

# bernoulli_ with a float p, over dtypes and layouts
for dt in (torch.float32, torch.float64, torch.int64, torch.bool, torch.int32):
    for n in (1, 16, 999):
        torch.manual_seed(30 + n)
        show("bernoulli_p", torch.empty(n, dtype=dt).bernoulli_(0.3))
    torch.manual_seed(31)
    show("bernoulli_strided", torch.zeros(7, 5, dtype=dt).t().bernoulli_(0.6))
torch.manual_seed(32)
show("bernoulli_t", torch.bernoulli(torch.linspace(0, 1, 40)))
show("bernoulli_t64", torch.bernoulli(torch.linspace(0, 1, 40, dtype=torch.float64)))
show("bernoulli_t_", torch.zeros(4, 10).bernoulli_(torch.full((10,), 0.4)))

# dropout and friends
torch.manual_seed(33)
x = torch.ones(8, 50)
show("dropout", F.dropout(x, 0.5))
show("dropout_p1", F.dropout(x, 0.1))
show("dropout_layer", nn.Dropout(0.25)(torch.randn(6, 20)))
show("dropout_inplace", F.dropout(torch.ones(300), 0.3, inplace=True))
show("dropout2d", F.dropout2d(torch.ones(4, 6, 3, 3), 0.5))
show("alpha_dropout", F.alpha_dropout(torch.randn(5, 20), 0.2, training=True))
show("feature_alpha", F.feature_alpha_dropout(torch.randn(3, 4, 5), 0.3, training=True))

# multinomial
torch.manual_seed(34)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
show("multi_repl", torch.multinomial(p, 50, replacement=True))
show("multi_norepl", torch.multinomial(p, 4))
show("multi_one", torch.multinomial(p, 1))
show("multi_2d", torch.multinomial(torch.rand(5, 30), 10))
show("multi_2d_repl", torch.multinomial(torch.rand(5, 30), 10, replacement=True))
show("multi_64", torch.multinomial(torch.rand(100, dtype=torch.float64), 20, replacement=True))

# the other continuous samplers
for dt in (torch.float32, torch.float64):
    torch.manual_seed(35)
    show("exponential_", torch.empty(40, dtype=dt).exponential_())
    show("exponential_l", torch.empty(17, dtype=dt).exponential_(2.5))
    show("geometric_", torch.empty(30, dtype=dt).geometric_(0.3))
    show("log_normal_", torch.empty(30, dtype=dt).log_normal_(0.5, 0.8))
    show("cauchy_", torch.empty(30, dtype=dt).cauchy_(1.0, 2.0))
    show("exp_strided", torch.zeros(6, 5, dtype=dt).t().exponential_())
torch.manual_seed(36)
show("poisson", torch.poisson(torch.linspace(0.5, 30, 25)))

# generators
g = torch.Generator().manual_seed(77)
show("gen_rand", torch.rand(20, generator=g))
show("gen_randint", torch.randint(0, 100, (10,), generator=g))
show("gen_randperm", torch.randperm(30, generator=g))
show("gen_bern", torch.empty(25).bernoulli_(0.5, generator=g))
show("gen_multi", torch.multinomial(torch.ones(10), 5, generator=g))
show("gen_exp", torch.empty(12).exponential_(generator=g))
print("gen_seed", g.initial_seed())
torch.manual_seed(77)
show("global_rand", torch.rand(20))
print("default_seed", torch.initial_seed())
