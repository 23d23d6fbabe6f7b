# torchvision.models' registry and Weights enums for the newer families (issue 28): list_models,
# get_model_weights, the enums' members, urls and meta, the legacy pretrained=False keyword, builder
# keyword errors, the block reprs programs print, and torchvision.ops.StochasticDepth /
# stochastic_depth (mode checks, batch / row masks under a seed).
import warnings

import torch
from torchvision import models, ops

names = models.list_models()
for pattern in ["efficientnet*", "mobilenet_v3*", "shufflenet*", "mnasnet*", "regnet_y*", "regnet_x*", "convnext*",
                "vit*", "swin_*", "googlenet"]:
    print(pattern, models.list_models(include=pattern))
for enum in [models.EfficientNet_B0_Weights, models.EfficientNet_V2_S_Weights, models.MobileNet_V3_Large_Weights,
             models.ShuffleNet_V2_X1_0_Weights, models.MNASNet1_0_Weights, models.GoogLeNet_Weights,
             models.RegNet_Y_16GF_Weights, models.RegNet_Y_128GF_Weights, models.ConvNeXt_Tiny_Weights,
             models.ViT_B_16_Weights, models.ViT_H_14_Weights, models.Swin_T_Weights, models.Swin_V2_B_Weights]:
    print(enum.DEFAULT, list(enum), enum.DEFAULT.url)
    print("  ", enum.DEFAULT.meta["num_params"], enum.DEFAULT.meta["min_size"])
print(models.get_model_weights("swin_v2_t"), models.get_weight("ViT_B_16_Weights.IMAGENET1K_SWAG_E2E_V1"))
print(models.get_model_weights(models.efficientnet_b3) is models.EfficientNet_B3_Weights)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    m = models.mobilenet_v3_small(pretrained=False, num_classes=3)
print([str(w.message)[:60] for w in caught], m.classifier)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    models.googlenet(aux_logits=False)
print([(w.category.__name__, str(w.message)[:50]) for w in caught])
for bad in [lambda: models.efficientnet_b0(weights=models.ResNet18_Weights.DEFAULT),
            lambda: models.swin_t(stochastic_depth_prob=0.5),
            lambda: models.efficientnet.EfficientNet([], 0.2),
            lambda: models.shufflenetv2.ShuffleNetV2([4, 8], [24, 116, 232, 464, 1024]),
            lambda: models.mnasnet.MNASNet(0.0),
            lambda: models.regnet.BlockParams.from_init_params(depth=16, w_0=50, w_a=27.89, w_m=2.09, group_width=8),
            lambda: models.convnext.ConvNeXt([]),
            lambda: models.vit_b_16(image_size=100)]:
    try:
        bad()
    except (TypeError, ValueError, AssertionError) as e:
        print(type(e).__name__ + ":", e)

torch.manual_seed(0)
print(models.efficientnet_b0().features[2])
print(models.mobilenet_v3_small().features[1])
print(models.shufflenet_v2_x0_5().stage2[1])
print(models.regnet_y_400mf().trunk_output.block1)
print(ops.StochasticDepth(0.25, "row"), ops.misc.SqueezeExcitation(8, 2))
x = torch.ones(6, 2)
torch.manual_seed(3)
print(ops.stochastic_depth(x, 0.5, "row").tolist())
print(ops.stochastic_depth(x, 0.5, "batch").tolist(), ops.stochastic_depth(x, 0.5, "row", training=False).sum().item())
print(ops.stochastic_depth(x, 1.0, "row").sum().item())
for args in [(x, 1.5, "row"), (x, 0.5, "col")]:
    try:
        ops.stochastic_depth(*args)
    except ValueError as e:
        print("ValueError:", e)
