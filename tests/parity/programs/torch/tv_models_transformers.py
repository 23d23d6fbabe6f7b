# torchvision.models' transformer and modern conv families (issue 32): ConvNeXt, Swin (V1 and V2, a
# 64x64 input so the 7x7 / 8x8 windows pad and shift) and ViT (224 input for vit_b_16; image_size=64
# for vit_b_32): parameter count, first and last sorted state_dict keys with shapes (buffers included:
# relative_position_index, relative_coords_table), and the eval-mode output. ViT's head starts at
# zero, so the check re-draws it first.
import torch
from torch import nn
from torchvision import models


def report(name, model, x):
    n = sum(p.numel() for p in model.parameters())
    sd = model.state_dict()
    keys = sorted(sd)
    print(name, type(model).__name__, n, len(keys))
    for k in keys[:3] + keys[-3:]:
        print("  ", k, tuple(sd[k].shape), sd[k].dtype)
    model.eval()
    with torch.no_grad():
        y = model(x)
    print("  ", tuple(y.shape), "%.3e" % y.abs().sum().item(), "%.3e" % y.std().item(), y.argmax().item())


for name, kwargs, size in [("convnext_tiny", {}, 64), ("swin_t", {}, 64), ("swin_v2_t", {"num_classes": 10}, 64),
                           ("vit_b_32", {"image_size": 64}, 64), ("vit_b_16", {}, 224)]:
    torch.manual_seed(0)
    model = models.get_model(name, **kwargs)
    if name.startswith("vit"):
        nn.init.normal_(model.heads.head.weight, std=0.02)
    torch.manual_seed(1)
    report(name, model, torch.randn(1, 3, size, size))

torch.manual_seed(0)
sw = models.swin_t(num_classes=3)
blk = sw.features[1][1]
print(blk.attn.window_size, blk.attn.shift_size, blk.stochastic_depth, sw.features[1][0].stochastic_depth)
print(blk.attn.relative_position_index[:10].tolist(), blk.attn.relative_position_bias_table.shape)
print(sw.features[2])
sw2 = models.swin_v2_t(num_classes=3)
attn2 = sw2.features[3][1].attn
print(attn2.relative_coords_table.shape, "%.4f" % attn2.relative_coords_table.abs().sum().item(), attn2.shift_size)
print(["%.4f" % v for v in attn2.logit_scale.flatten().tolist()], attn2.cpb_mlp, sw2.features[4])
cn = models.convnext_tiny(num_classes=3)
print(cn.features[1][0])
print(models.convnext.CNBlockConfig(96, 192, 3), cn.features[7][2].stochastic_depth)
v = models.vit_b_32(image_size=64, num_classes=3, representation_size=16)
print(v.heads, v.encoder.pos_embedding.shape, v.encoder.layers.encoder_layer_0.mlp)
try:
    v(torch.randn(1, 3, 32, 32))
except AssertionError as e:
    print("AssertionError:", e)
