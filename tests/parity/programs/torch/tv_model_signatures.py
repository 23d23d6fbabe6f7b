# inspect.signature of torchvision 0.26's model classes (constructors and forwards), builders, the
# Weights dataclass and WeightsEnum, torchvision.ops' layers and box functions (box_area/box_iou
# take fmt= "xyxy" | "xywh" | "cxcywh"), and the named tuples' home modules: torchvision writes its
# annotations with the builtin generics (list[int], tuple[int, int], dict[str, Any], type[...],
# collections.abc.Sequence[...]), which is how inspect prints them.
import inspect

import torch
import torchvision
import torchvision.models as M
import torchvision.ops as O
from torchvision.models import (convnext, densenet, efficientnet, mobilenetv2, mobilenetv3, regnet, resnet, vgg,
                                vision_transformer)


def sig(obj):
    return str(inspect.signature(obj))


for cls in (resnet.ResNet, resnet.BasicBlock, resnet.Bottleneck, vgg.VGG, densenet.DenseNet, mobilenetv2.MobileNetV2,
            mobilenetv3.MobileNetV3, mobilenetv3.InvertedResidualConfig, efficientnet.EfficientNet,
            efficientnet.MBConvConfig, convnext.ConvNeXt, convnext.CNBlockConfig, regnet.RegNet,
            vision_transformer.VisionTransformer, vision_transformer.EncoderBlock, M.Inception3, M.GoogLeNet):
    print(cls.__name__, sig(cls.__init__))
    if hasattr(cls, "forward"):
        print(" forward", sig(cls.forward))
for fn in (vgg.make_layers, M.resnet18, M.vit_b_16, M.efficientnet_b0, M.get_weight, M.get_model):
    print(fn.__name__, sig(fn))
print("Weights", sig(M.Weights.__init__))
print("WeightsEnum", sig(M.WeightsEnum.__init__), sig(M.ResNet18_Weights.__init__))
for cls in (O.Conv2dNormActivation, O.MLP, O.Permute, O.SqueezeExcitation, O.StochasticDepth):
    print(cls.__name__, sig(cls.__init__))
for fn in (O.box_area, O.box_iou, O.generalized_box_iou, O.box_convert, O.clip_boxes_to_image, O.nms,
           O.batched_nms, O.remove_small_boxes, O.sigmoid_focal_loss, O.stochastic_depth):
    print(fn.__name__, sig(fn))
print(M.InceptionOutputs.__module__, M.GoogLeNetOutputs.__module__)

b = torch.tensor([[0.0, 0.0, 4.0, 3.0], [1.0, 1.0, 5.0, 6.0], [2.0, 0.0, 3.0, 2.0]])
print(O.box_area(b), O.box_iou(b, b[:2]))
for fmt in ("xywh", "cxcywh"):
    c = O.box_convert(b, "xyxy", fmt)
    print(fmt, O.box_area(c, fmt=fmt), O.box_iou(c, c[:2], fmt=fmt))
print(O.box_area(b.half()).dtype, O.box_area(b.int()).dtype, O.box_iou(b[None], b[None]).shape)
for bad in (lambda: O.box_area(b, fmt="xyxyxyxy"), lambda: O.box_iou(b, b, fmt="cxcy")):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
