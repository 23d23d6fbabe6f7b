# torchvision.models' convolutional families beyond ResNet/VGG (issue 32): EfficientNet, MobileNetV3,
# ShuffleNetV2, MNASNet, GoogLeNet and RegNet built with weights=None under a seed: parameter count,
# the first and last state_dict keys (sorted) with shapes, and the eval-mode output on a small input
# (its shape and the magnitude of its values, 4 significant digits: these nets' outputs are tiny at init).
import torch
from torchvision import models


def report(name, model, x):
    n = sum(p.numel() for p in model.parameters())
    sd = model.state_dict()
    keys = sorted(sd)
    print(name, type(model).__name__, n, len(keys))
    for k in keys[:2] + keys[-2:]:
        print("  ", k, tuple(sd[k].shape))
    model.eval()
    with torch.no_grad():
        y = model(x)
    print("  ", tuple(y.shape), "%.3e" % y.abs().sum().item(), "%.3e" % y.std().item())


builders = [
    ("efficientnet_b0", {}),
    ("mobilenet_v3_small", {}),
    ("mobilenet_v3_large", {"num_classes": 10}),
    ("shufflenet_v2_x1_0", {}),
    ("shufflenet_v2_x0_5", {"num_classes": 7}),
    ("mnasnet1_0", {}),
    ("mnasnet0_5", {}),
    ("googlenet", {"init_weights": True, "aux_logits": False}),
    ("regnet_y_400mf", {}),
    ("regnet_x_400mf", {"num_classes": 5}),
]
for name, kwargs in builders:
    torch.manual_seed(0)
    model = models.get_model(name, weights=None, **kwargs)
    torch.manual_seed(1)
    report(name, model, torch.randn(1, 3, 64, 64))

# googlenet with its auxiliary heads: training mode returns GoogLeNetOutputs (batch 2: BatchNorm needs it)
torch.manual_seed(0)
g = models.googlenet(init_weights=True, num_classes=4)
out = g(torch.randn(2, 3, 64, 64))
print(type(out).__name__, out._fields, [tuple(t.shape) for t in out])
print(sum(p.numel() for p in g.parameters()), g.aux1.fc2, g.inception3a.branch3[1].conv)

# RegNet's stage plan from its generating parameters
params = models.regnet.BlockParams.from_init_params(depth=16, w_0=48, w_a=27.89, w_m=2.09, group_width=8,
                                                    se_ratio=0.25)
print(params.depths, params.widths, params.group_widths, params.strides, params.se_ratio)
for name in ["regnet_y_800mf", "regnet_y_1_6gf", "regnet_x_800mf", "regnet_x_3_2gf"]:
    torch.manual_seed(0)
    print(name, sum(p.numel() for p in models.get_model(name).parameters()))
