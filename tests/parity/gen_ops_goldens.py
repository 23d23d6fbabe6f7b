"""Generates tests/parity/golden/ops.json with real PyTorch 2.11 (run on the GPU machine):

    python3 tests/parity/gen_ops_goldens.py > tests/parity/golden/ops.json

Each case applies one torch op to fixed inputs and records what PyTorch gives: output values, dtype,
shape, the grad_fn name, and, for differentiable cases, the gradient of sum(out * w) for a fixed w
with respect to every floating input. tests/parity/test_ops_parity.cpp replays every case through
Kiln's eager engine and compares all of it. Inputs are stored as exact values, so Kiln need not
reproduce how they were drawn.
"""
import json
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
cases = []


def vals(t):
    out = []
    for v in t.detach().double().reshape(-1).tolist():
        out.append(repr(v) if (math.isnan(v) or math.isinf(v)) else v)
    return out


def make(spec):
    shape, dtype, kind = spec
    dt = getattr(torch, dtype)
    if kind == "randn":
        return torch.randn(*shape, dtype=torch.float64).to(dt)
    if kind == "pos":
        return (torch.rand(*shape, dtype=torch.float64) * 2 + 0.1).to(dt)
    if kind == "unit":  # (-0.9, 0.9)
        return ((torch.rand(*shape, dtype=torch.float64) * 2 - 1) * 0.9).to(dt)
    if kind.startswith("int"):
        lo, hi = map(int, kind[4:-1].split(","))
        return torch.randint(lo, hi, shape, dtype=dt)
    if kind == "bool":
        return torch.rand(*shape) > 0.5
    if kind == "mixed":  # includes ties, zeros and negatives
        return torch.tensor([-2.0, -0.5, 0.0, 0.5, 0.5, 2.0, 3.0, -3.0][: int(torch.tensor(shape).prod())],
                            dtype=dt).reshape(shape)
    raise ValueError(kind)


def case(name, op, specs, fn, kwargs=None, grad=True, nograd=()):
    torch.manual_seed(len(cases) + 1)
    inputs = [make(s) for s in specs]
    leaves = [x.detach().clone().requires_grad_(grad and x.is_floating_point() and i not in nograd)
              for i, x in enumerate(inputs)]
    out = fn(*leaves)
    if isinstance(out, tuple):
        out = out[0]
    entry = {"name": name, "op": op, "kwargs": kwargs or {},
             "inputs": [{"shape": list(x.shape), "dtype": str(x.dtype)[6:], "values": vals(x),
                         "requires_grad": leaves[i].requires_grad} for i, x in enumerate(inputs)],
             "out": {"shape": list(out.shape), "dtype": str(out.dtype)[6:], "values": vals(out)},
             "grad_fn": type(out.grad_fn).__name__ if out.grad_fn is not None else None}
    if grad and out.requires_grad:
        w = torch.randn(out.shape, dtype=torch.float64).to(out.dtype)
        (out * w).sum().backward()
        entry["w"] = vals(w)
        entry["grads"] = [vals(x.grad) if x.grad is not None else None for x in leaves]
    cases.append(entry)


f32, f64, i64 = "float32", "float64", "int64"
R = lambda *s: (s, f32, "randn")
P = lambda *s: (s, f32, "pos")
U = lambda *s: (s, f32, "unit")

for name in ["neg", "abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu", "silu", "erf", "sign"]:
    case(name, name, [R(3, 4)], getattr(torch, name) if hasattr(torch, name) else getattr(F, name))
for name in ["log", "log1p", "sqrt", "rsqrt", "reciprocal"]:
    case(name, name, [P(3, 4)], getattr(torch, name))
case("gelu", "gelu", [R(3, 4)], lambda x: F.gelu(x))
case("gelu_tanh", "gelu", [R(3, 4)], lambda x: F.gelu(x, approximate="tanh"), {"approximate": "tanh"})
case("leaky_relu", "leaky_relu", [R(3, 4)], lambda x: F.leaky_relu(x, 0.2), {"negative_slope": 0.2})
case("softplus", "softplus", [R(3, 4)], lambda x: F.softplus(x, beta=2.0), {"beta": 2.0})
case("pow_scalar", "pow_scalar", [P(3, 4)], lambda x: x ** 2.5, {"exponent": 2.5})
case("pow_tensor", "pow", [P(3, 4), R(4)], torch.pow)
case("clamp", "clamp", [R(3, 4)], lambda x: x.clamp(-0.5, 0.7), {"min": -0.5, "max": 0.7})
case("clamp_min", "clamp", [R(3, 4)], lambda x: x.clamp(min=0.1), {"min": 0.1})
for name in ["add", "sub", "mul", "div", "maximum", "minimum", "atan2"]:
    case(name + "_bcast", name, [R(2, 3, 4), R(3, 1)], getattr(torch, name))
case("add_alpha", "add", [R(3, 4), R(4)], lambda a, b: torch.add(a, b, alpha=2.5), {"alpha": 2.5})
case("add_int_float", "add", [((3,), i64, "int(-5,5)"), R(3)], torch.add)
case("add_f32_f64", "add", [R(3), ((3,), f64, "randn")], torch.add)
case("mul_int_int", "mul", [((4,), i64, "int(-5,5)"), ((4,), i64, "int(-5,5)")], torch.mul)
case("div_int_int", "div", [((4,), i64, "int(-9,9)"), ((4,), i64, "int(1,4)")], torch.div)
case("div_floor_int", "div", [((6,), i64, "int(-9,9)"), ((6,), i64, "int(1,4)")],
     lambda a, b: torch.div(a, b, rounding_mode="floor"),
     {"rounding_mode": "floor"})
case("div_trunc", "div", [R(6), U(6)], lambda a, b: torch.div(a, b, rounding_mode="trunc"), {"rounding_mode": "trunc"},
     grad=False)
case("remainder_int", "remainder", [((6,), i64, "int(-9,9)"), ((6,), i64, "int(1,4)")], torch.remainder)
case("remainder_float", "remainder", [R(6), P(6)], torch.remainder)
case("maximum_ties", "maximum", [((2, 4), f32, "mixed"), ((2, 4), f32, "mixed")], torch.maximum)
for name in ["eq", "ne", "lt", "le", "gt", "ge"]:
    case(name, name, [((2, 4), f32, "mixed"), ((4,), f32, "mixed")], getattr(torch, name))
case("logical_and", "logical_and", [((5,), "bool", "bool"), ((5,), "bool", "bool")], torch.logical_and)
case("where", "where", [((3, 4), "bool", "bool"), R(3, 4), R(4)], torch.where)
case("masked_fill", "masked_fill", [R(3, 4), ((4,), "bool", "bool")], lambda x, m: x.masked_fill(m, -1.5),
     {"value": -1.5})

case("sum_all", "sum", [R(3, 4)], lambda x: x.sum())
case("sum_dim", "sum", [R(2, 3, 4)], lambda x: x.sum(dim=(0, 2)), {"dims": [0, 2]})
case("sum_keepdim", "sum", [R(2, 3, 4)], lambda x: x.sum(dim=1, keepdim=True), {"dims": [1], "keepdim": True})
case("sum_int", "sum", [((3, 4), i64, "int(-5,5)")], lambda x: x.sum(dim=(1,)), {"dims": [1]})
case("mean_dim", "mean", [R(2, 3, 4)], lambda x: x.mean(dim=(-1,)), {"dims": [-1]})
case("var", "var", [R(3, 5)], lambda x: x.var(dim=(1,)), {"dims": [1]})
case("std_corr0", "std", [R(3, 5)], lambda x: x.std(dim=(0,), correction=0, keepdim=True),
     {"dims": [0], "correction": 0.0, "keepdim": True})
case("prod_dim", "prod", [R(3, 4)], lambda x: x.prod(dim=1), {"dim": 1})
case("amax", "amax", [((2, 4), f32, "mixed")], lambda x: x.amax(dim=(1,)), {"dims": [1]})
case("max_dim", "max_dim", [R(3, 5)], lambda x: x.max(dim=1), {"dim": 1})
case("min_dim_keep", "min_dim", [R(3, 5)], lambda x: x.min(dim=0, keepdim=True), {"dim": 0, "keepdim": True})
case("argmax", "argmax", [R(3, 5)], lambda x: x.argmax(dim=1), {"dim": 1})
case("softmax", "softmax", [R(3, 5)], lambda x: x.softmax(dim=-1), {"dim": -1})
case("softmax_dim0", "softmax", [R(3, 5)], lambda x: x.softmax(dim=0), {"dim": 0})
case("log_softmax", "log_softmax", [R(3, 5)], lambda x: x.log_softmax(dim=1), {"dim": 1})
case("logsumexp", "logsumexp", [R(3, 5)], lambda x: x.logsumexp(dim=(1,)), {"dims": [1]})
case("norm2", "norm", [R(3, 5)], lambda x: x.norm(), {"p": 2.0})
case("norm1_dim", "norm", [R(3, 5)], lambda x: x.norm(p=1, dim=(1,)), {"p": 1.0, "dims": [1]})
case("cumsum", "cumsum", [R(3, 5)], lambda x: x.cumsum(dim=1), {"dim": 1})

case("mm", "mm", [R(3, 4), R(4, 5)], torch.mm)
case("bmm", "bmm", [R(2, 3, 4), R(2, 4, 5)], torch.bmm)
case("matmul_bcast", "matmul", [R(2, 1, 3, 4), R(3, 4, 2)], torch.matmul)
case("matmul_vec", "matmul", [R(3, 4), R(4)], torch.matmul)
case("matmul_vecmat", "matmul", [R(4), R(2, 4, 3)], torch.matmul)
case("matmul_dot", "matmul", [R(4), R(4)], torch.matmul)
case("addmm", "addmm", [R(5), R(3, 4), R(4, 5)], lambda b, x, y: torch.addmm(b, x, y, beta=0.5, alpha=2.0),
     {"beta": 0.5, "alpha": 2.0})
case("linear", "linear", [R(3, 4), R(5, 4), R(5)], F.linear)
case("linear_nobias_3d", "linear", [R(2, 3, 4), R(5, 4)], F.linear)
case("linear_3d", "linear", [R(2, 3, 4), R(5, 4), R(5)], F.linear)
case("outer", "outer", [R(3), R(4)], torch.outer)

case("conv2d", "conv2d", [R(2, 3, 7, 6), R(4, 3, 3, 3), R(4)], F.conv2d)
case("conv2d_stride_pad_dil", "conv2d", [R(1, 2, 9, 8), R(3, 2, 3, 2)],
     lambda x, w: F.conv2d(x, w, stride=(2, 1), padding=(1, 2), dilation=(2, 1)),
     {"stride": [2, 1], "padding": [1, 2], "dilation": [2, 1]})
case("conv2d_groups", "conv2d", [R(2, 4, 5, 5), R(6, 2, 3, 3), R(6)], lambda x, w, b: F.conv2d(x, w, b, padding=1, groups=2),
     {"padding": [1, 1], "groups": 2})
case("max_pool2d", "max_pool2d", [R(2, 3, 7, 6)], lambda x: F.max_pool2d(x, 2), {"kernel_size": [2, 2]})
case("max_pool2d_ceil", "max_pool2d", [R(1, 2, 7, 7)], lambda x: F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True),
     {"kernel_size": [3, 3], "stride": [2, 2], "padding": [1, 1], "ceil_mode": True})
case("avg_pool2d", "avg_pool2d", [R(2, 3, 6, 6)], lambda x: F.avg_pool2d(x, 3, stride=2, padding=1),
     {"kernel_size": [3, 3], "stride": [2, 2], "padding": [1, 1]})
case("avg_pool2d_nopad_count", "avg_pool2d", [R(1, 2, 5, 5)],
     lambda x: F.avg_pool2d(x, 2, padding=1, count_include_pad=False, ceil_mode=True),
     {"kernel_size": [2, 2], "stride": [2, 2], "padding": [1, 1], "count_include_pad": False, "ceil_mode": True})
case("adaptive_avg_pool2d", "adaptive_avg_pool2d", [R(2, 3, 7, 5)], lambda x: F.adaptive_avg_pool2d(x, (3, 2)),
     {"output_size": [3, 2]})

case("layer_norm", "layer_norm", [R(3, 4, 5), R(5), R(5)], lambda x, w, b: F.layer_norm(x, (5,), w, b),
     {"normalized_shape": [5]})
case("layer_norm_2d_noaffine", "layer_norm", [R(3, 4, 5)], lambda x: F.layer_norm(x, (4, 5)),
     {"normalized_shape": [4, 5]})
case("batch_norm_train", "batch_norm", [R(4, 3, 2, 2), R(3), R(3)],
     lambda x, w, b: F.batch_norm(x, torch.zeros(3), torch.ones(3), w, b, training=True), {"training": True})
case("batch_norm_eval", "batch_norm", [R(4, 3), R(3), R(3)],
     lambda x, w, b: F.batch_norm(x, torch.full((3,), 0.1), torch.full((3,), 2.0), w, b, training=False),
     {"training": False, "running_mean": 0.1, "running_var": 2.0})
case("embedding", "embedding", [((2, 3), i64, "int(0,5)"), R(5, 4)], F.embedding)
case("embedding_pad", "embedding", [((6,), i64, "int(0,5)"), R(5, 4)], lambda i, w: F.embedding(i, w, padding_idx=2),
     {"padding_idx": 2})

case("mse_loss", "mse_loss", [R(3, 4), R(3, 4)], F.mse_loss)
case("mse_loss_sum", "mse_loss", [R(3, 4), R(3, 4)], lambda a, b: F.mse_loss(a, b, reduction="sum"), {"reduction": "sum"})
case("l1_loss_none", "l1_loss", [R(3, 4), R(3, 4)], lambda a, b: F.l1_loss(a, b, reduction="none"), {"reduction": "none"})
case("nll_loss", "nll_loss", [R(4, 5), ((4,), i64, "int(0,5)")], lambda x, t: F.nll_loss(x.log_softmax(1), t),
     {"log_softmax_first": True})
case("cross_entropy", "cross_entropy", [R(4, 5), ((4,), i64, "int(0,5)")], F.cross_entropy)
case("cross_entropy_smooth_weight", "cross_entropy", [R(4, 5), ((4,), i64, "int(0,5)"), P(5)],
     lambda x, t, w: F.cross_entropy(x, t, weight=w, label_smoothing=0.1), {"label_smoothing": 0.1}, nograd=(2,))
case("cross_entropy_ignore_sum", "cross_entropy", [R(6, 3), ((6,), i64, "int(0,3)")],
     lambda x, t: F.cross_entropy(x, t, ignore_index=1, reduction="sum"), {"ignore_index": 1, "reduction": "sum"})
case("cross_entropy_3d", "cross_entropy", [R(2, 4, 3), ((2, 3), i64, "int(0,4)")], F.cross_entropy)
case("bce_with_logits", "binary_cross_entropy_with_logits", [R(3, 4), ((3, 4), f32, "pos")],
     lambda x, t: F.binary_cross_entropy_with_logits(x, t / 2.2))

case("cat", "cat", [R(2, 3), R(4, 3)], lambda a, b: torch.cat([a, b]), {"dim": 0})
case("cat_dim1_promote", "cat", [R(2, 3), ((2, 2), f64, "randn")], lambda a, b: torch.cat([a, b], dim=1), {"dim": 1})
case("stack", "stack", [R(2, 3), R(2, 3)], lambda a, b: torch.stack([a, b], dim=1), {"dim": 1})
case("index_select", "index_select", [R(4, 3), ((5,), i64, "int(0,4)")], lambda x, i: x.index_select(0, i), {"dim": 0})
case("gather", "gather", [R(3, 4), ((3, 2), i64, "int(0,4)")], lambda x, i: x.gather(1, i), {"dim": 1})
case("scatter_add", "scatter_add", [R(3, 4), ((2, 4), i64, "int(0,3)"), R(2, 4)], lambda x, i, s: x.scatter_add(0, i, s),
     {"dim": 0})
case("tril", "tril", [R(4, 4)], lambda x: x.tril(-1), {"diagonal": -1})
case("triu", "triu", [R(3, 5)], lambda x: x.triu(1), {"diagonal": 1})

print(json.dumps({"torch_version": torch.__version__,
                  "command": "python3 tests/parity/gen_ops_goldens.py > tests/parity/golden/ops.json",
                  "cases": cases}))
