# torch.set_num_threads / torch.get_num_threads (issue 32): the count set is the count read back, the
# argument checks of THPModule_setNumThreads, and ops large enough to run on several threads giving
# the results they give on one (pointwise, softmax, layer_norm, a reduction, matmul, batched matmul,
# attention, conv2d, embedding, a compiled function).
import torch
import torch.nn.functional as F

torch.set_num_threads(3)
print(torch.get_num_threads())
torch.set_num_threads(1)
print(torch.get_num_threads())

for bad in [0, -2, "2", True, 2.5, None]:
    try:
        torch.set_num_threads(bad)
        print("accepted", repr(bad))
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(torch.get_num_threads())

torch.manual_seed(0)
x = torch.randn(300, 700)
y = torch.randn(300, 700)
w = torch.randn(700)
b = torch.randn(700)
m1 = torch.randn(200, 300)
m2 = torch.randn(300, 400)
bq = torch.randn(48, 64, 32)
bk = torch.randn(48, 32, 64)
q = torch.randn(12, 4, 64, 32)
k = torch.randn(12, 4, 64, 32)
v = torch.randn(12, 4, 64, 32)
img = torch.randn(8, 3, 32, 32)
cw = torch.randn(16, 3, 3, 3)
table = torch.randn(1000, 64)
idx = torch.randint(1000, (64, 128))


def f(a, c):
    return torch.tanh(a * 1.5 + c).sum(1)


cf = torch.compile(f)


def results():
    return {
        "add_gelu": F.gelu(x + y),
        "softmax": torch.softmax(x, -1),
        "layer_norm": F.layer_norm(x, (700,), w, b),
        "sum": x.sum(0),
        "matmul": m1 @ m2,
        "bmm": torch.bmm(bq, bk),
        "sdpa": F.scaled_dot_product_attention(q, k, v, is_causal=True),
        "conv2d": F.conv2d(img, cw, padding=1),
        "embedding": F.embedding(idx, table),
        "compiled": cf(x, y),
    }


torch.set_num_threads(1)
one = results()
torch.set_num_threads(4)
four = results()
for name in one:
    a, c = one[name], four[name]
    print(name, tuple(a.shape), torch.allclose(a, c, rtol=1e-5, atol=1e-5), round(float(a.abs().mean()), 3))
print(torch.get_num_threads())
