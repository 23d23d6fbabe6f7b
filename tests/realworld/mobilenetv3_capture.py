# Real-program corpus (tests/realworld, see README.md): MobileNetV3 in the shape of
# d-li14/mobilenetv3.pytorch (mobilenetv3.py and the README's usage), then put through the capture
# paths deployment scripts take: `_make_divisible` channel rounding, hard-sigmoid as
# `nn.ReLU6(inplace=True)(x + 3) / 6`, hard-swish, squeeze-and-excite with AdaptiveAvgPool2d and
# `x.size()` unpacking, inverted residuals built from a [k, t, c, SE, HS, s] table with depthwise
# convolutions and nn.Identity placeholders, `m.weight.data.normal_(0, math.sqrt(2. / n))`
# initialisation over self.modules(); a few SGD steps, then torch.fx.symbolic_trace,
# torch.jit.script (its built-in ReLU6/ReLU/Hardswish layers), torch.jit.trace and torch.export,
# each checked against eager, and torchvision-style nn.Hardswish/nn.Hardsigmoid layers scripted.
# Origin: d-li14/mobilenetv3.pytorch mobilenetv3.py, README.md @ 3e6938cedcbbc5ee5bc50780ea18e644702d85fc.
# Written for Kiln, not copied. Changes: the small model at width 0.5 with 10 classes on 32x32 inputs
# instead of ImageNet's 224x224, with six of the eleven inverted-residual rows; random images instead
# of the pretrained checkpoints; two training steps.
import math
from collections import Counter

import torch
import torch.nn as nn


def _make_divisible(v, divisor, min_value=None):
    # the TF reference's rounding: a multiple of `divisor`, never more than 10% below v
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class h_sigmoid(nn.Module):
    def __init__(self, inplace=True):
        super(h_sigmoid, self).__init__()
        self.relu = nn.ReLU6(inplace=inplace)

    def forward(self, x):
        return self.relu(x + 3) / 6


class h_swish(nn.Module):
    def __init__(self, inplace=True):
        super(h_swish, self).__init__()
        self.sigmoid = h_sigmoid(inplace=inplace)

    def forward(self, x):
        return x * self.sigmoid(x)


class SELayer(nn.Module):
    def __init__(self, channel, reduction=4):
        super(SELayer, self).__init__()
        squeezed = _make_divisible(channel // reduction, 8)
        self.avg_pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Sequential(nn.Linear(channel, squeezed), nn.ReLU(inplace=True),
                                nn.Linear(squeezed, channel), h_sigmoid())

    def forward(self, x):
        b, c, _, _ = x.size()
        y = self.avg_pool(x).view(b, c)
        y = self.fc(y).view(b, c, 1, 1)
        return x * y


def conv_3x3_bn(inp, oup, stride):
    return nn.Sequential(nn.Conv2d(inp, oup, 3, stride, 1, bias=False), nn.BatchNorm2d(oup), h_swish())


def conv_1x1_bn(inp, oup):
    return nn.Sequential(nn.Conv2d(inp, oup, 1, 1, 0, bias=False), nn.BatchNorm2d(oup), h_swish())


class InvertedResidual(nn.Module):
    def __init__(self, inp, hidden_dim, oup, kernel_size, stride, use_se, use_hs):
        super(InvertedResidual, self).__init__()
        assert stride in [1, 2]
        self.identity = stride == 1 and inp == oup
        act = h_swish() if use_hs else nn.ReLU(inplace=True)
        se = SELayer(hidden_dim) if use_se else nn.Identity()
        depthwise = nn.Conv2d(hidden_dim, hidden_dim, kernel_size, stride, (kernel_size - 1) // 2,
                              groups=hidden_dim, bias=False)
        if inp == hidden_dim:
            # depthwise, SE, pointwise-linear
            self.conv = nn.Sequential(depthwise, nn.BatchNorm2d(hidden_dim), act, se,
                                      nn.Conv2d(hidden_dim, oup, 1, 1, 0, bias=False), nn.BatchNorm2d(oup))
        else:
            # pointwise expansion, depthwise, SE, pointwise-linear
            self.conv = nn.Sequential(
                nn.Conv2d(inp, hidden_dim, 1, 1, 0, bias=False), nn.BatchNorm2d(hidden_dim),
                h_swish() if use_hs else nn.ReLU(inplace=True),
                depthwise, nn.BatchNorm2d(hidden_dim), se, act,
                nn.Conv2d(hidden_dim, oup, 1, 1, 0, bias=False), nn.BatchNorm2d(oup))

    def forward(self, x):
        if self.identity:
            return x + self.conv(x)
        else:
            return self.conv(x)


class MobileNetV3(nn.Module):
    def __init__(self, cfgs, mode, num_classes=1000, width_mult=1.):
        super(MobileNetV3, self).__init__()
        self.cfgs = cfgs
        assert mode in ['large', 'small']
        input_channel = _make_divisible(16 * width_mult, 8)
        layers = [conv_3x3_bn(3, input_channel, 2)]
        for k, t, c, use_se, use_hs, s in self.cfgs:
            output_channel = _make_divisible(c * width_mult, 8)
            exp_size = _make_divisible(input_channel * t, 8)
            layers.append(InvertedResidual(input_channel, exp_size, output_channel, k, s, use_se, use_hs))
            input_channel = output_channel
        self.features = nn.Sequential(*layers)
        self.conv = conv_1x1_bn(input_channel, exp_size)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        output_channel = {'large': 1280, 'small': 1024}
        output_channel = _make_divisible(output_channel[mode] * width_mult, 8) if width_mult > 1.0 else output_channel[mode]
        self.classifier = nn.Sequential(nn.Linear(exp_size, output_channel), h_swish(), nn.Dropout(0.2),
                                        nn.Linear(output_channel, num_classes))
        self._initialize_weights()

    def forward(self, x):
        x = self.features(x)
        x = self.conv(x)
        x = self.avgpool(x)
        x = x.view(x.size(0), -1)
        x = self.classifier(x)
        return x

    def _initialize_weights(self):
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                m.weight.data.normal_(0, math.sqrt(2. / n))
                if m.bias is not None:
                    m.bias.data.zero_()
            elif isinstance(m, nn.BatchNorm2d):
                m.weight.data.fill_(1)
                m.bias.data.zero_()
            elif isinstance(m, nn.Linear):
                m.weight.data.normal_(0, 0.01)
                m.bias.data.zero_()


def mobilenetv3_small(**kwargs):
    cfgs = [
        # k, t, c, SE, HS, s
        [3, 1, 16, 1, 0, 2],
        [3, 4.5, 24, 0, 0, 2],
        [3, 3.67, 24, 0, 0, 1],
        [5, 4, 40, 1, 1, 2],
        [5, 3, 48, 1, 1, 1],
        [5, 6, 96, 1, 1, 2],
    ]
    return MobileNetV3(cfgs, mode='small', **kwargs)


def main():
    torch.manual_seed(0)
    print("divisible:", [_make_divisible(v, 8) for v in (16 * 0.5, 24 * 0.5, 40 * 0.35, 1024 * 1.25, 3)])
    net = mobilenetv3_small(num_classes=10, width_mult=0.5)
    print("small x0.5 parameters:", sum(p.numel() for p in net.parameters()))
    print("blocks:", len(net.features), [type(m).__name__ for m in net.features[1].conv])
    images = torch.randn(4, 3, 32, 32)
    labels = torch.tensor([1, 7, 3, 0])
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    criterion = nn.CrossEntropyLoss()
    net.train()
    for step in range(2):
        loss = criterion(net(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"step {step} loss {loss.item():.4f}")
    net.eval()
    with torch.no_grad():
        ref = net(images)
        gm = torch.fx.symbolic_trace(net)
        kinds = Counter(type(gm.get_submodule(n.target)).__name__ for n in gm.graph.nodes if n.op == "call_module")
        print("fx:", torch.allclose(gm(images), ref, atol=1e-5), sorted(kinds.items()))
        scripted = torch.jit.script(net)
        print("script:", torch.allclose(scripted(images), ref, atol=1e-5), scripted.original_name)
        traced = torch.jit.trace(net, images[:1])
        print("trace:", torch.allclose(traced(images), ref, atol=1e-5))
        ep = torch.export.export(net, (images,))
        print("export:", torch.allclose(ep.module()(images), ref, atol=1e-5), type(ep).__name__)
        print("logits:", tuple(ref.shape), ref.dtype)
        # the torchvision spelling of the same activations, scripted as built-in layers
        tv = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.Hardswish(), nn.Conv2d(8, 8, 1), nn.Hardsigmoid(), nn.ReLU6())
        stv = torch.jit.script(tv)
        print("torchvision activations:", torch.allclose(stv(images), tv(images), atol=1e-6))


if __name__ == '__main__':
    main()
