# Real-program corpus (tests/realworld, see README.md): a MACs/parameter counter in the shape of
# Lyken17/pytorch-OpCounter (THOP: thop/profile.py, utils.py, vision/basic_hooks.py, calc_func.py,
# rnn_hooks.py, benchmark/evaluate_rnn_models.py, tests/): a module-level
# `LooseVersion(torch.__version__)` guard from distutils.version, a dict from module classes to
# counting hooks (with nn.SyncBatchNorm added behind the guard), `model.apply(add_hooks)`
# registering float64 `total_ops`/`total_params` buffers on every module, verbose
# "[INFO] Register count_convNd() for <class 'torch.nn.modules.conv.Conv2d'>." lines built from
# `fn.__qualname__` and the class itself, two forward hooks per counted module kept in a dict keyed
# by the modules, `m.total_ops += <int or 1-element DoubleTensor>`, `m.total_params[0] = tensor`,
# a recursive walk over named_children with `m in handler_collection`, `m._buffers.pop(...)` after
# removing the handles, custom_ops for a user module, report_missing in ANSI colours, RNN/LSTM/GRU
# counters reading batch_first/bidirectional/num_layers (and PackedSequence batch sizes), and
# clever_format over an Iterable with `(*clever_nums,)`.
# Origin: Lyken17/pytorch-OpCounter thop/profile.py, thop/utils.py, thop/vision/basic_hooks.py,
# thop/vision/calc_func.py, thop/rnn_hooks.py, benchmark/evaluate_rnn_models.py, tests/test_conv2d.py,
# tests/test_utils.py @ 43c064afb71383501e41eaef9e8c8407265cf77f.
# Written for Kiln, not copied. Changes: one file instead of the package; a few counters instead of
# the whole table; a small CNN instead of torchvision's model zoo (benchmark/evaluate_famous_models.py
# profiles every torchvision model at 224x224); RNN benchmarks at hidden size 32 over 6 steps instead
# of 512 over 100; the pytest classes become plain calls.
import logging
from collections.abc import Iterable
from distutils.version import LooseVersion

import torch
import torch.nn as nn
from torch.nn.modules.conv import _ConvNd
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence

# ---- utils.py ----
COLOR_RED = "91m"


def colorful_print(fn_print, color=COLOR_RED):
    def actual_call(*args, **kwargs):
        print(f"\033[{color}", end="")
        fn_print(*args, **kwargs)
        print("\033[00m", end="")
    return actual_call


prRed = colorful_print(print, color=COLOR_RED)


def clever_format(nums, format="%.2f"):
    if not isinstance(nums, Iterable):
        nums = [nums]
    clever_nums = []
    for num in nums:
        if num > 1e12:
            clever_nums.append(format % (num / 1e12) + "T")
        elif num > 1e9:
            clever_nums.append(format % (num / 1e9) + "G")
        elif num > 1e6:
            clever_nums.append(format % (num / 1e6) + "M")
        elif num > 1e3:
            clever_nums.append(format % (num / 1e3) + "K")
        else:
            clever_nums.append(format % num + "B")
    return clever_nums[0] if len(clever_nums) == 1 else (*clever_nums,)


# ---- vision/calc_func.py + basic_hooks.py ----
def l_prod(in_list):
    res = 1
    for v in in_list:
        res *= v
    return res


def calculate_parameters(param_list):
    total_params = 0
    for p in param_list:
        total_params += torch.DoubleTensor([p.nelement()])
    return total_params


def count_parameters(m, x, y):
    m.total_params[0] = calculate_parameters(m.parameters())


def zero_ops(m, x, y):
    m.total_ops += torch.DoubleTensor([int(0)])


def count_convNd(m: _ConvNd, x, y: torch.Tensor):
    x = x[0]
    in_c = list(x.shape)[1]
    m.total_ops += l_prod(list(y.shape)) * (in_c // m.groups) * l_prod(list(m.weight.shape)[2:])


def count_normalization(m, x, y):
    flops = torch.DoubleTensor([2 * x[0].numel()])
    if getattr(m, 'affine', False) or getattr(m, 'elementwise_affine', False):
        flops *= 2
    m.total_ops += flops


def count_adap_avgpool(m, x, y):
    kernel = torch.div(torch.DoubleTensor([*(x[0].shape[2:])]), torch.DoubleTensor([*(y.shape[2:])]))
    total_add = torch.prod(kernel)
    m.total_ops += torch.DoubleTensor([int((total_add + 1) * y.numel())])


def count_linear(m, x, y):
    m.total_ops += torch.DoubleTensor([int(m.in_features * y.numel())])


def count_softmax(m, x, y):
    x = x[0]
    nfeatures = x.size()[m.dim]
    batch_size = x.numel() // nfeatures
    m.total_ops += torch.DoubleTensor([int(batch_size * (3 * nfeatures - 1))])


# ---- rnn_hooks.py ----
def _count_rnn_cell(input_size, hidden_size, bias=True):
    total_ops = hidden_size * (input_size + hidden_size) + hidden_size
    if bias:
        total_ops += hidden_size * 2
    return total_ops


def _count_lstm_cell(input_size, hidden_size, bias=True):
    state_ops = (input_size + hidden_size) * hidden_size + hidden_size
    if bias:
        state_ops += hidden_size * 2
    return state_ops * 4 + hidden_size * 4


def _count_gru_cell(input_size, hidden_size, bias=True):
    state_ops = (hidden_size + input_size) * hidden_size + hidden_size
    if bias:
        state_ops += hidden_size * 2
    total_ops = state_ops * 3
    return total_ops + hidden_size * 4


def _rnn_counter(cell_fn):
    def count(m, x, y):
        if isinstance(x[0], PackedSequence):
            batch_size = torch.max(x[0].batch_sizes)
            num_steps = x[0].batch_sizes.size(0)
        elif m.batch_first:
            batch_size, num_steps = x[0].size(0), x[0].size(1)
        else:
            batch_size, num_steps = x[0].size(1), x[0].size(0)
        directions = 2 if m.bidirectional else 1
        total_ops = cell_fn(m.input_size, m.hidden_size, m.bias) * directions
        for _ in range(m.num_layers - 1):
            total_ops += cell_fn(m.hidden_size * directions, m.hidden_size, m.bias) * directions
        total_ops *= num_steps
        total_ops *= batch_size
        m.total_ops += torch.DoubleTensor([int(total_ops)])
    count.__qualname__ = "count_" + cell_fn.__name__.split("_")[2]
    return count


def count_lstm_cell(m, x, y):
    m.total_ops += torch.DoubleTensor([int(_count_lstm_cell(m.input_size, m.hidden_size, m.bias) * x[0].size(0))])


# ---- profile.py ----
if LooseVersion(torch.__version__) < LooseVersion("1.0.0"):
    logging.warning("You are using an old version PyTorch {version}, which THOP does NOT support.".format(
        version=torch.__version__))

register_hooks = {
    nn.ZeroPad2d: zero_ops,
    nn.Conv1d: count_convNd,
    nn.Conv2d: count_convNd,
    nn.ConvTranspose2d: count_convNd,
    nn.BatchNorm1d: count_normalization,
    nn.BatchNorm2d: count_normalization,
    nn.LayerNorm: count_normalization,
    nn.Softmax: count_softmax,
    nn.ReLU: zero_ops,
    nn.MaxPool2d: zero_ops,
    nn.AdaptiveAvgPool2d: count_adap_avgpool,
    nn.Linear: count_linear,
    nn.Dropout: zero_ops,
    nn.LSTMCell: count_lstm_cell,
    nn.RNN: _rnn_counter(_count_rnn_cell),
    nn.GRU: _rnn_counter(_count_gru_cell),
    nn.LSTM: _rnn_counter(_count_lstm_cell),
    nn.Sequential: zero_ops,
}
if LooseVersion(torch.__version__) >= LooseVersion("1.1.0"):
    register_hooks.update({nn.SyncBatchNorm: count_normalization})


def profile(model: nn.Module, inputs, custom_ops=None, verbose=True, ret_layer_info=False,
            report_missing=False):
    handler_collection = {}
    types_collection = set()
    if custom_ops is None:
        custom_ops = {}
    if report_missing:
        verbose = True

    def add_hooks(m: nn.Module):
        m.register_buffer("total_ops", torch.zeros(1, dtype=torch.float64))
        m.register_buffer("total_params", torch.zeros(1, dtype=torch.float64))
        m_type = type(m)
        fn = None
        if m_type in custom_ops:
            fn = custom_ops[m_type]
            if m_type not in types_collection and verbose:
                print("[INFO] Customize rule %s() %s." % (fn.__qualname__, m_type))
        elif m_type in register_hooks:
            fn = register_hooks[m_type]
            if m_type not in types_collection and verbose:
                print("[INFO] Register %s() for %s." % (fn.__qualname__, m_type))
        else:
            if m_type not in types_collection and report_missing:
                prRed("[WARN] Cannot find rule for %s. Treat it as zero Macs and zero Params." % m_type)
        if fn is not None:
            handler_collection[m] = (m.register_forward_hook(fn),
                                     m.register_forward_hook(count_parameters))
        types_collection.add(m_type)

    prev_training_status = model.training
    model.eval()
    model.apply(add_hooks)
    with torch.no_grad():
        model(*inputs)

    def dfs_count(module: nn.Module, prefix="\t"):
        total_ops, total_params = module.total_ops.item(), 0
        ret_dict = {}
        for n, m in module.named_children():
            next_dict = {}
            if m in handler_collection and not isinstance(m, (nn.Sequential, nn.ModuleList)):
                m_ops, m_params = m.total_ops.item(), m.total_params.item()
            else:
                m_ops, m_params, next_dict = dfs_count(m, prefix=prefix + "\t")
            ret_dict[n] = (m_ops, m_params, next_dict)
            total_ops += m_ops
            total_params += m_params
        return total_ops, total_params, ret_dict

    total_ops, total_params, ret_dict = dfs_count(model)
    model.train(prev_training_status)
    for m, (op_handler, params_handler) in handler_collection.items():
        op_handler.remove()
        params_handler.remove()
        m._buffers.pop("total_ops")
        m._buffers.pop("total_params")
    if ret_layer_info:
        return total_ops, total_params, ret_dict
    return total_ops, total_params


# ---- a small model zoo instead of torchvision's ----
class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.softmax = nn.Softmax(dim=-1)
        self.scale = dim ** -0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return self.softmax(q @ k.transpose(-2, -1) * self.scale) @ v


class SmallNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1, groups=2), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
            nn.ZeroPad2d(1), nn.AdaptiveAvgPool2d((2, 2)))
        self.attn = Attention(16)
        self.norm = nn.LayerNorm(16)
        self.classifier = nn.Sequential(nn.Dropout(0.5), nn.Linear(64, num_classes))

    def forward(self, x):
        x = self.features(x)
        tokens = self.norm(x.flatten(2).transpose(1, 2))
        x = self.attn(tokens)
        return self.classifier(x.flatten(1))


torch.manual_seed(0)
print("%s | %s | %s" % ("Model", "Params(M)", "FLOPs(G)"))
print("---|---|---")
model = SmallNet()
macs, params = profile(model, inputs=(torch.randn(1, 3, 16, 16),))
print("%s | %.6f | %.6f" % ("smallnet", params / (1000 ** 2), macs / (1000 ** 3)))
print(clever_format([macs, params], "%.3f"))
print(clever_format(macs), clever_format(2.5e12), clever_format(12))
print("buffers left:", [k for k, _ in model.named_buffers() if k.endswith("total_ops")])
print("training restored:", model.training)

# custom_ops for a module THOP has no rule for, and report_missing for the rest
class ScaledTanh(nn.Module):
    def forward(self, x):
        return torch.tanh(x) * 2


def count_scaled_tanh(m, x, y):
    m.total_ops += torch.DoubleTensor([int(2 * y.numel())])


net = nn.Sequential(nn.Linear(5, 7), ScaledTanh(), nn.GELU(), nn.Linear(7, 2))
ops, ps, info = profile(net, inputs=(torch.randn(3, 5),), custom_ops={ScaledTanh: count_scaled_tanh},
                        ret_layer_info=True, report_missing=True)
print(ops, ps)
for name, (o, p, sub) in info.items():
    print(name, o, p, sub)

# ---- benchmark/evaluate_rnn_models.py ----
input_size, hidden_size = 12, 32
models = {
    "LSTMCell": nn.Sequential(nn.LSTMCell(input_size, hidden_size)),
    "RNN": nn.Sequential(nn.RNN(input_size, hidden_size)),
    "GRU": nn.Sequential(nn.GRU(input_size, hidden_size)),
    "LSTM": nn.Sequential(nn.LSTM(input_size, hidden_size)),
    "stacked-GRU": nn.Sequential(nn.GRU(input_size, hidden_size, num_layers=3)),
    "BiLSTM": nn.Sequential(nn.LSTM(input_size, hidden_size, bidirectional=True)),
    "stacked-BiRNN": nn.Sequential(nn.RNN(input_size, hidden_size, bidirectional=True, num_layers=2)),
}
print("{} | {} | {}".format("Model", "Params(M)", "FLOPs(G)"))
print("---|---|---")
for name, model in models.items():
    inputs = torch.randn(6, 4, input_size)
    if name.find("Cell") != -1:
        total_ops, total_params = profile(model, (inputs[0],), verbose=False)
    else:
        total_ops, total_params = profile(model, (inputs,), verbose=False)
    print("{} | {:.6f} | {:.6f}".format(name, total_params / 1e6, total_ops / 1e9))

inputs = torch.randn(6, 4, input_size)
ops_time_first = profile(nn.Sequential(nn.LSTM(input_size, hidden_size)), (inputs,), verbose=False)[0]
ops_batch_first = profile(nn.Sequential(nn.LSTM(input_size, hidden_size, batch_first=True)),
                          (inputs.transpose(0, 1),), verbose=False)[0]
assert ops_batch_first == ops_time_first
packed = pack_padded_sequence(inputs, torch.tensor([6, 5, 3, 2]))
ops_packed = profile(nn.LSTM(input_size, hidden_size), (packed,), verbose=False)[0]
print("time-first == batch-first:", ops_time_first == ops_batch_first, "packed:", ops_packed)

# ---- tests/test_conv2d.py, tests/test_utils.py ----
for bias in (False, True):
    net = nn.Conv2d(3, 12, kernel_size=(5, 5), stride=1, padding=1, dilation=1, groups=1, bias=bias)
    flops, params = profile(net, inputs=(torch.randn(1, 3, 32, 32),))
    assert flops == 810000, f"{flops} v.s. {810000}"
    print("conv2d bias=%s" % bias, flops, params)
for i in range(3):
    out_c, kh, kw = torch.randint(1, 8, (3,)).tolist()
    n, in_c, ih, iw = torch.randint(1, 8, (4,)).tolist()
    ih += kh
    iw += kw
    net = nn.Conv2d(in_c, out_c, kernel_size=(kh, kw), bias=False)
    data = torch.randn(n, in_c, ih, iw)
    _, _, oh, ow = net(data).shape
    flops, params = profile(net, inputs=(data,), verbose=False)
    assert flops == n * out_c * oh * ow * in_c * kh * kw, f"{flops} v.s. {n * out_c * oh * ow * in_c * kh * kw}"
print(clever_format(1, "%.2f") == "1.00B", clever_format([1, 2], "%.2f") == ("1.00B", "2.00B"))
