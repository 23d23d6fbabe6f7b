import warnings
import torch
import torch.nn.functional as F
from typing import List
# torch.nn.functional calls inside scripted code bind their arguments by F's Python signatures
# (names, order, defaults: F.embedding(input, weight, padding_idx=None, ...), F.batch_norm(input,
# running_mean, running_var, weight=None, ...), F.dropout(input, p, training), F.softmax's third
# positional _stacklevel), not by the aten schema they lower to; an int output size or kernel is
# expanded to a pair as F's _pair does. Each scripted function is called and its output printed
# rounded, beside eager's.
warnings.filterwarnings("ignore")


def show(name, t):
    print(name, tuple(t.shape), [round(v, 4) for v in t.detach().double().flatten().tolist()[:12]])


x4 = torch.arange(2 * 4 * 4 * 4, dtype=torch.float32).reshape(2, 4, 4, 4) / 50.0 - 1.0
rm = torch.tensor([0.1, -0.2, 0.3, 0.0])
rv = torch.tensor([1.0, 2.0, 0.5, 1.5])
w4 = torch.tensor([1.0, 0.5, -1.0, 2.0])
b4 = torch.tensor([0.0, 0.1, 0.2, 0.3])
emb = torch.arange(10 * 3, dtype=torch.float32).reshape(10, 3) / 10.0
idx = torch.tensor([[0, 2, 9], [4, 0, 1]])


@torch.jit.script
def embedding_pos(i: torch.Tensor, w: torch.Tensor):
    return F.embedding(i, w)


@torch.jit.script
def embedding_kw(i: torch.Tensor, w: torch.Tensor):
    return F.embedding(i, w, padding_idx=0) + F.embedding(input=i, weight=w)


@torch.jit.script
def batch_norm_pos(x: torch.Tensor, m: torch.Tensor, v: torch.Tensor):
    return F.batch_norm(x, m, v)


@torch.jit.script
def batch_norm_kw(x: torch.Tensor, m: torch.Tensor, v: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.batch_norm(x, m, v, weight=w, bias=b, eps=1e-3)


@torch.jit.script
def batch_norm_train(x: torch.Tensor, m: torch.Tensor, v: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.batch_norm(x, m, v, w, b, True, 0.5)


@torch.jit.script
def adaptive_pool(x: torch.Tensor):
    return F.adaptive_avg_pool2d(x, 2), F.adaptive_avg_pool2d(x, [1, 2]), F.adaptive_avg_pool2d(x, output_size=(2, 1))


@torch.jit.script
def layer_norm_fn(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.layer_norm(x, [4], w, b), F.layer_norm(x, (4, 4), eps=1e-3), F.layer_norm(input=x, normalized_shape=[4], bias=b)


@torch.jit.script
def group_norm_fn(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.group_norm(x, 2, w, b), F.group_norm(x, num_groups=2, eps=1e-3), F.group_norm(input=x, num_groups=4, weight=w)


@torch.jit.script
def linear_fn(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.linear(x, w, b), F.linear(input=x, weight=w), F.linear(x, w, bias=b)


@torch.jit.script
def conv_fn(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.conv2d(x, w, b, 1, 1), F.conv2d(x, w, padding=1, stride=2), F.conv2d(input=x, weight=w, bias=b, padding=2, dilation=2)


@torch.jit.script
def dropout_fn(x: torch.Tensor):
    return F.dropout(x, 0.5, False), F.dropout(x, p=0.3, training=False), F.dropout(input=x, training=False)


@torch.jit.script
def pad_fn(x: torch.Tensor):
    return F.pad(x, [1, 1], "constant", 0.5), F.pad(x, (1, 2), value=2.0), F.pad(input=x, pad=[0, 1, 1, 0], mode="reflect")


@torch.jit.script
def max_pool_fn(x: torch.Tensor):
    return F.max_pool2d(x, 2), F.max_pool2d(x, kernel_size=2, stride=1, padding=1), F.max_pool2d(x, 3, 2, 1, 1, True)


@torch.jit.script
def avg_pool_fn(x: torch.Tensor):
    return F.avg_pool2d(x, 2), F.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=False), F.avg_pool2d(input=x, kernel_size=[2, 1])


@torch.jit.script
def softmax_fn(x: torch.Tensor):
    return F.softmax(x, dim=1), F.log_softmax(x, -1), F.softmax(x, 1, dtype=torch.float64), F.log_softmax(input=x, dim=0)


@torch.jit.script
def loss_fn(a: torch.Tensor, b: torch.Tensor, t: torch.Tensor):
    return (F.mse_loss(a, b), F.mse_loss(a, b, reduction="sum"), F.mse_loss(input=a, target=b, reduction="none"),
            F.cross_entropy(a, t), F.cross_entropy(a, t, reduction="sum"), F.cross_entropy(a, t, label_smoothing=0.1),
            F.cross_entropy(input=a, target=t, ignore_index=1))


def run(name, f):
    try:
        out = f()
    except Exception as e:
        print(name, "error:", type(e).__name__, str(e).strip().splitlines()[0])
        return
    if isinstance(out, tuple):
        for i, o in enumerate(out):
            show(name + "[" + str(i) + "]", o)
    else:
        show(name, out)


run("embedding_pos", lambda: embedding_pos(idx, emb))
run("embedding_kw", lambda: embedding_kw(idx, emb))
run("batch_norm_pos", lambda: batch_norm_pos(x4, rm, rv))
run("batch_norm_kw", lambda: batch_norm_kw(x4, rm, rv, w4, b4))
m, v = rm.clone(), rv.clone()
run("batch_norm_train", lambda: batch_norm_train(x4, m, v, w4, b4))
show("running_mean", m)
show("running_var", v)
run("adaptive_pool", lambda: adaptive_pool(x4))
run("layer_norm", lambda: layer_norm_fn(x4, w4, b4))
run("group_norm", lambda: group_norm_fn(x4, w4, b4))
lw = torch.arange(12, dtype=torch.float32).reshape(3, 4) / 10.0
run("linear", lambda: linear_fn(x4, lw, torch.tensor([1.0, 0.0, -1.0])))
cw = torch.arange(3 * 4 * 3 * 3, dtype=torch.float32).reshape(3, 4, 3, 3) / 100.0 - 0.5
run("conv2d", lambda: conv_fn(x4, cw, torch.tensor([0.5, 0.0, -0.5])))
run("dropout", lambda: dropout_fn(x4))
run("pad", lambda: pad_fn(x4))
run("max_pool2d", lambda: max_pool_fn(x4))
run("avg_pool2d", lambda: avg_pool_fn(x4))
run("softmax", lambda: softmax_fn(x4[0, 0]))
a = torch.arange(12, dtype=torch.float32).reshape(4, 3) / 5.0
run("loss", lambda: loss_fn(a, a.flip(0), torch.tensor([0, 2, 1, 1])))
