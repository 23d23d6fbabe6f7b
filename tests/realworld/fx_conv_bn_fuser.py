# Real-program corpus (tests/realworld, see README.md): the "Building a Convolution/Batch Norm fuser
# in FX" tutorial: a model whose conv/batch-norm pairs hide in a Sequential and behind a wrapper
# module, symbolic_trace and the printed graph, fuse_conv_bn_weights with rsqrt and a reshape to
# `[-1] + [1] * (len(shape) - 1)`, a deep-copied model, `dict(fx_model.named_modules())`, a pass over graph.nodes matching node.op / node.target /
# node.args[0].users, setattr on the parent found by `*parent, name = target.rsplit('.', 1)`,
# replace_all_uses_with, erase_node, lint, recompile and the regenerated .code, then the same pass
# over torchvision's resnet18 and torch.jit.script of the fused GraphModule.
# Origin: pytorch/tutorials intermediate_source/fx_conv_bn_fuser.py @ 0fc6fb6b7073d29b83b3313d90733818aa291fd5.
# Written for Kiln, not copied. Changes: seeded; torch.testing.assert_allclose (deprecated) becomes
# torch.testing.assert_close with the same tolerances spelled out; the resnet18 benchmark's timings
# become output comparisons at a 1x3x64x64 input and counts of BatchNorm2d modules before and after;
# the resnet's batch-norm statistics are randomized first so the fusion changes the weights; fuse()
# starts from copy.deepcopy(model) instead of `type(model)()` + load_state_dict, which cannot build
# torchvision's ResNet (its __init__ needs block and layers: a TypeError in PyTorch too).
from typing import Type, Dict, Any, Tuple, Iterable
import copy
import torch.fx as fx
import torch
import torch.nn as nn

torch.manual_seed(0)


class WrappedBatchNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = nn.BatchNorm2d(1)

    def forward(self, x):
        return self.mod(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 1, 1)
        self.bn1 = nn.BatchNorm2d(1)
        self.conv2 = nn.Conv2d(1, 1, 1)
        self.nested = nn.Sequential(
            nn.BatchNorm2d(1),
            nn.Conv2d(1, 1, 1),
        )
        self.wrapped = WrappedBatchNorm()

    def forward(self, x):
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.conv2(x)
        x = self.nested(x)
        x = self.wrapped(x)
        return x


model = M()
model.eval()

traced_model = torch.fx.symbolic_trace(model)
print(traced_model.graph)


def fuse_conv_bn_eval(conv, bn):
    """
    Given a conv Module `A` and an batch_norm module `B`, returns a conv
    module `C` such that C(x) == B(A(x)) in inference mode.
    """
    assert(not (conv.training or bn.training)), "Fusion only for eval!"
    fused_conv = copy.deepcopy(conv)

    fused_conv.weight, fused_conv.bias = \
        fuse_conv_bn_weights(fused_conv.weight, fused_conv.bias,
                             bn.running_mean, bn.running_var, bn.eps, bn.weight, bn.bias)

    return fused_conv


def fuse_conv_bn_weights(conv_w, conv_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b):
    if conv_b is None:
        conv_b = torch.zeros_like(bn_rm)
    if bn_w is None:
        bn_w = torch.ones_like(bn_rm)
    if bn_b is None:
        bn_b = torch.zeros_like(bn_rm)
    bn_var_rsqrt = torch.rsqrt(bn_rv + bn_eps)

    conv_w = conv_w * (bn_w * bn_var_rsqrt).reshape([-1] + [1] * (len(conv_w.shape) - 1))
    conv_b = (conv_b - bn_rm) * bn_var_rsqrt * bn_w + bn_b

    return torch.nn.Parameter(conv_w), torch.nn.Parameter(conv_b)


def _parent_name(target: str) -> Tuple[str, str]:
    """
    Splits a ``qualname`` into parent path and last atom.
    For example, `foo.bar.baz` -> (`foo.bar`, `baz`)
    """
    *parent, name = target.rsplit('.', 1)
    return parent[0] if parent else '', name


def replace_node_module(node: fx.Node, modules: Dict[str, Any], new_module: torch.nn.Module):
    assert(isinstance(node.target, str))
    parent_name, name = _parent_name(node.target)
    setattr(modules[parent_name], name, new_module)


def fuse(model: torch.nn.Module) -> torch.nn.Module:
    model = copy.deepcopy(model)
    model.eval()
    fx_model: fx.GraphModule = fx.symbolic_trace(model)
    modules = dict(fx_model.named_modules())

    for node in fx_model.graph.nodes:
        if node.op != 'call_module':
            continue
        if type(modules[node.target]) is nn.BatchNorm2d and type(modules[node.args[0].target]) is nn.Conv2d:
            if len(node.args[0].users) > 1:  # Output of conv is used by other nodes
                continue
            conv = modules[node.args[0].target]
            bn = modules[node.target]
            fused_conv = fuse_conv_bn_eval(conv, bn)
            replace_node_module(node.args[0], modules, fused_conv)
            node.replace_all_uses_with(node.args[0])
            fx_model.graph.erase_node(node)
    fx_model.graph.lint()
    fx_model.recompile()
    return fx_model


fused_model = fuse(model)
print(fused_model.code)
inp = torch.randn(5, 1, 1, 1)
torch.testing.assert_close(fused_model(inp), model(inp), rtol=1e-7, atol=1e-7)
print("fused toy model matches")

import torchvision.models as models

rn18 = models.resnet18()
with torch.no_grad():
    for m in rn18.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.1, 0.1)
            m.running_var.uniform_(0.5, 1.5)
            m.weight.uniform_(0.5, 1.5)
            m.bias.uniform_(-0.1, 0.1)
rn18.eval()

inp = torch.randn(1, 3, 64, 64)
output = rn18(inp)


def count_bn(model):
    return sum(isinstance(m, nn.BatchNorm2d) for m in model.modules())


fused_rn18 = fuse(rn18)
print("batch norms:", count_bn(rn18), "->", count_bn(fused_rn18))
print("call_module nodes:", sum(n.op == 'call_module' for n in fused_rn18.graph.nodes))
fused_out = fused_rn18(inp)
print("fused resnet18 matches:", torch.allclose(fused_out, output, rtol=1e-3, atol=1e-4), tuple(fused_out.shape))
jit_rn18 = torch.jit.script(fused_rn18)
print("scripted fused resnet18 matches:", torch.allclose(jit_rn18(inp), fused_out, rtol=1e-4, atol=1e-5))
print(fused_rn18.code.splitlines()[1:8])
