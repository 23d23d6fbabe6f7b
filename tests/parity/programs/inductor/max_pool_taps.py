# max_pool2d compiled: lowered to the maximum over its window's taps (strided slices), with a pointwise
# producer (x * w + b, relu) computed at the taps, and the flatten behind it. Values, ties (relu's zeros,
# -0.0 against 0.0), NaN and inf must be the eager kernel's; output layouts too (a channels-last input
# keeps its layout); padded windows stay the eager kernel.
import torch
import torch.nn.functional as F


def pool_relu(x, w, b):
    return torch.flatten(F.max_pool2d(F.relu(x * w.view(-1, 1, 1) + b.view(-1, 1, 1)), 2), 1)


def pool_variants(x):
    return (F.max_pool2d(x, 3, 2), F.max_pool2d(x, (2, 3), stride=(1, 2), dilation=(2, 1)),
            F.max_pool2d(x, 2, ceil_mode=True), F.max_pool2d(x, 3, 2, 1))


x = torch.arange(2 * 3 * 8 * 8, dtype=torch.float32).reshape(2, 3, 8, 8).sin() * 3
w = torch.tensor([1.0, -0.5, 2.0])
b = torch.tensor([0.25, -1.0, 0.0])
with torch.no_grad():
    cf = torch.compile(pool_relu)
    got = cf(x, w, b)
    print(got.shape, got.stride())
    print(got[:, :12])
    print(torch.equal(got, pool_relu(x, w, b)))
    xc = x.contiguous(memory_format=torch.channels_last)
    got = cf(xc, w, b)
    print(got.stride(), torch.equal(got, pool_relu(xc, w, b)))
    cv = torch.compile(pool_variants)
    for g, e in zip(cv(x), pool_variants(x)):
        print(tuple(g.shape), g.stride(), torch.equal(g, e))
    for g, e in zip(cv(xc), pool_variants(xc)):
        print(tuple(g.shape), g.stride(), torch.equal(g, e))
    special = torch.tensor([[-0.0, 0.0, 1.0, float("nan"), 2.0, 2.0, float("inf"), 1.0],
                            [0.0, -0.0, float("nan"), 1.0, 2.0, -1.0, 1.0, 3.0]]).reshape(1, 1, 2, 8)
    s = torch.compile(lambda t: F.max_pool2d(t, 2))(special)
    print(s, torch.signbit(s))
