# torch.jit.script's DeprecationWarnings for references to torch.nn.functional from scripted code:
# most of torch.nn.functional is Python source (F.relu, F.softmax, F.dropout, F.pad, ...), and
# each reference to such a function goes through torch.jit._recursive.try_compile_fn, which calls
# torch.jit.script (one warning per reference), plus the Python functions that function references
# the first time it is compiled (F.softmax's _get_softmax_dim); functions bound to C++ (F.linear,
# F.conv2d, F.gelu, F.softplus) give none. Each line: the warnings of one torch.jit.script call.
import warnings

import torch
import torch.nn.functional as F


def count(label, fn, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sf = torch.jit.script(fn)
    print(label, len(caught), sorted({w.category.__name__ for w in caught}), tuple(sf(*args).shape))


x = torch.randn(2, 3, 4, 4)
v = torch.randn(2, 3)
w = torch.randn(5, 3)


def use_relu(x):
    return F.relu(x)


def use_relu_twice(x):
    return F.relu(x) + F.relu(x * 2)


def use_linear_gelu(v, w):
    return F.gelu(F.linear(v, w))


def use_softplus(v):
    return F.softplus(v)


def use_softmax(v):
    return F.softmax(v, dim=1)


def use_log_softmax(v):
    return F.log_softmax(v, dim=1)


def use_dropout(v):
    return F.dropout(v, 0.0, False)


def use_leaky_relu_elu(v):
    return F.leaky_relu(v, 0.1) + F.elu(v)


def use_silu_mish(v):
    return F.silu(v) + F.mish(v)


def use_hard(v):
    return F.hardtanh(v) + F.relu6(v) + F.hardswish(v) + F.hardsigmoid(v)


def use_sigmoid_tanh(v):
    return F.sigmoid(v) + F.tanh(v)


def use_layer_norm(v):
    return F.layer_norm(v, [3])


def use_pad(x):
    return F.pad(x, [1, 1, 1, 1])


def use_pools(x):
    return F.max_pool2d(x, 2) + F.adaptive_avg_pool2d(x, [2, 2]) + F.avg_pool2d(x, 2)


count("relu", use_relu, v)
count("relu twice", use_relu_twice, v)
count("linear + gelu", use_linear_gelu, v, w)
count("softplus", use_softplus, v)
count("softmax", use_softmax, v)
count("log_softmax", use_log_softmax, v)
count("dropout", use_dropout, v)
count("leaky_relu + elu", use_leaky_relu_elu, v)
count("silu + mish", use_silu_mish, v)
count("hardtanh relu6 hardswish hardsigmoid", use_hard, v)
count("sigmoid + tanh", use_sigmoid_tanh, v)
count("layer_norm", use_layer_norm, v)
count("pad", use_pad, x)
count("max_pool2d adaptive_avg_pool2d avg_pool2d", use_pools, x)
