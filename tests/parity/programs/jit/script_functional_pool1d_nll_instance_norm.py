import warnings
import torch
import torch.nn.functional as F
# More torch.nn.functional calls inside scripted code, bound by F's Python signatures: the 1-d pools
# (F.max_pool1d with its stride/padding/dilation/ceil_mode, F.avg_pool1d, F.adaptive_avg_pool1d),
# F.nll_loss (weight, ignore_index, each reduction), F.instance_norm (affine, running statistics,
# which scripted code updates in place as eager does), F.logsigmoid and the dropout variants
# F.dropout2d / F.alpha_dropout / F.feature_alpha_dropout (evaluation mode, and p=0 in training), and
# F.adaptive_max_pool2d without indices (a tensor, not the aten op's (values, indices) pair), F.softsign
# and F.cosine_similarity.
# Each scripted result is printed rounded beside the same call run eagerly.
warnings.filterwarnings("ignore")


def show(name, t):
    print(name, tuple(t.shape), [round(v, 4) for v in t.detach().double().flatten().tolist()[:10]])


@torch.jit.script
def pools(x: torch.Tensor):
    a = F.max_pool1d(x, 2)
    b = F.max_pool1d(x, kernel_size=3, stride=1, padding=1)
    c = F.max_pool1d(x, 2, 1, 0, 2, True)
    d = F.avg_pool1d(x, 2)
    e = F.avg_pool1d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
    f = F.adaptive_avg_pool1d(x, 3)
    return [a, b, c, d, e, f]


@torch.jit.script
def losses(logits: torch.Tensor, t: torch.Tensor, w: torch.Tensor):
    lp = F.log_softmax(logits, dim=1)
    return [
        F.nll_loss(lp, t),
        F.nll_loss(lp, t, weight=w),
        F.nll_loss(lp, t, ignore_index=2),
        F.nll_loss(lp, t, reduction="sum"),
        F.nll_loss(lp, t, w, reduction="none"),
    ]


@torch.jit.script
def inorms(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor, rm: torch.Tensor, rv: torch.Tensor):
    return [
        F.instance_norm(x),
        F.instance_norm(x, weight=w, bias=b, eps=1e-3),
        F.instance_norm(x, rm, rv, momentum=0.5),
        F.instance_norm(x, rm, rv, use_input_stats=False),
    ]


@torch.jit.script
def others(x: torch.Tensor):
    return [
        F.logsigmoid(x),
        F.dropout2d(x, 0.5, False),
        F.dropout2d(x, p=0.0),
        F.alpha_dropout(x, 0.3),
        F.feature_alpha_dropout(x, p=0.2, training=False),
        F.adaptive_max_pool2d(x, 1),
        F.adaptive_max_pool2d(x, [2, 1]),
        F.softsign(x),
        F.cosine_similarity(x, x.flip(1)),
        F.cosine_similarity(x, x * 2 + 1, dim=0, eps=1e-3),
    ]


x = torch.arange(2 * 3 * 7, dtype=torch.float32).reshape(2, 3, 7).sin()
eager_pools = [
    F.max_pool1d(x, 2),
    F.max_pool1d(x, kernel_size=3, stride=1, padding=1),
    F.max_pool1d(x, 2, 1, 0, 2, True),
    F.avg_pool1d(x, 2),
    F.avg_pool1d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
    F.adaptive_avg_pool1d(x, 3),
]
for i, (g, r) in enumerate(zip(pools(x), eager_pools)):
    show("pool[%d]" % i, g)
    print("  eager", torch.equal(g, r))

logits = torch.arange(4 * 5, dtype=torch.float32).reshape(4, 5).cos() * 3.0
t = torch.tensor([0, 2, 4, 2])
w = torch.tensor([1.0, 0.5, 2.0, 1.0, 0.25])
lp = F.log_softmax(logits, dim=1)
eager_losses = [
    F.nll_loss(lp, t),
    F.nll_loss(lp, t, weight=w),
    F.nll_loss(lp, t, ignore_index=2),
    F.nll_loss(lp, t, reduction="sum"),
    F.nll_loss(lp, t, w, reduction="none"),
]
for i, (g, r) in enumerate(zip(losses(logits, t, w), eager_losses)):
    show("nll[%d]" % i, g)
    print("  eager", torch.allclose(g, r))

xi = torch.arange(2 * 3 * 4 * 4, dtype=torch.float32).reshape(2, 3, 4, 4).cos()
wi = torch.tensor([1.0, 2.0, 0.5])
bi = torch.tensor([0.0, 0.1, -0.1])
rm, rv = torch.zeros(3), torch.ones(3)
rm_e, rv_e = torch.zeros(3), torch.ones(3)
got = inorms(xi, wi, bi, rm, rv)
ref = [
    F.instance_norm(xi),
    F.instance_norm(xi, weight=wi, bias=bi, eps=1e-3),
    F.instance_norm(xi, rm_e, rv_e, momentum=0.5),
    F.instance_norm(xi, rm_e, rv_e, use_input_stats=False),
]
for i, (g, r) in enumerate(zip(got, ref)):
    show("instance_norm[%d]" % i, g)
    print("  eager", torch.allclose(g, r, atol=1e-6))
show("running_mean", rm)
show("running_var", rv)
print("running stats as eager", torch.allclose(rm, rm_e), torch.allclose(rv, rv_e))

xo = torch.arange(2 * 3 * 2 * 2, dtype=torch.float32).reshape(2, 3, 2, 2).sin() * 4.0
ref = [
    F.logsigmoid(xo),
    F.dropout2d(xo, 0.5, False),
    F.dropout2d(xo, p=0.0),
    F.alpha_dropout(xo, 0.3),
    F.feature_alpha_dropout(xo, p=0.2, training=False),
    F.adaptive_max_pool2d(xo, 1),
    F.adaptive_max_pool2d(xo, [2, 1]),
    F.softsign(xo),
    F.cosine_similarity(xo, xo.flip(1)),
    F.cosine_similarity(xo, xo * 2 + 1, dim=0, eps=1e-3),
]
for i, (g, r) in enumerate(zip(others(xo), ref)):
    show("others[%d]" % i, g)
    print("  eager", torch.allclose(g, r))
