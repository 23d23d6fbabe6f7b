# torchvision.models: the classification models Kiln provides, built as torchvision 0.26 builds them
# (module names, construction order and initialisation, so a seeded program gets PyTorch's
# parameters): ResNet / ResNeXt / Wide ResNet, VGG (+BN), AlexNet, MobileNetV2, SqueezeNet, DenseNet, Inception v3, with their
# *_Weights enums and get_model / list_models / get_weight / get_model_weights. Pretrained weights cannot
# be downloaded (Kiln is offline): weights=... / pretrained=True raise a RuntimeError saying so.
# Left out: GoogLeNet, EfficientNet, MobileNetV3, ShuffleNet, RegNet, ConvNeXt,
# ViT/Swin/MaxViT and the detection, segmentation, video, optical-flow and quantized packages; naming
# one raises an AttributeError that says so.
from torchvision.models._api import Weights, WeightsEnum, get_model, get_model_builder, get_model_weights, \
    get_weight, list_models
from torchvision.models.resnet import *
from torchvision.models.vgg import *
from torchvision.models.alexnet import *
from torchvision.models.mobilenetv2 import *
from torchvision.models.squeezenet import *
from torchvision.models.densenet import *
from torchvision.models.inception import *
from torchvision.models.googlenet import *
from torchvision.models.efficientnet import *
from torchvision.models.mobilenetv3 import *
from torchvision.models.shufflenetv2 import *
from torchvision.models.mnasnet import *
from torchvision.models.regnet import *
from torchvision.models.convnext import *
from torchvision.models.vision_transformer import *
from torchvision.models.swin_transformer import *
from torchvision.models import mobilenet

_MISSING = {
    "googlenet",
    "efficientnet_b0", "efficientnet_b1", "efficientnet_b2", "efficientnet_b3", "efficientnet_b4",
    "efficientnet_b5", "efficientnet_b6", "efficientnet_b7", "efficientnet_v2_s", "efficientnet_v2_m",
    "efficientnet_v2_l", "mobilenet_v3_large", "mobilenet_v3_small", "shufflenet_v2_x0_5",
    "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "mnasnet0_5", "mnasnet0_75", "mnasnet1_0",
    "mnasnet1_3", "convnext_tiny", "convnext_small", "convnext_base", "convnext_large", "vit_b_16", "vit_b_32",
    "vit_l_16", "vit_l_32", "vit_h_14", "swin_t", "swin_s", "swin_b", "swin_v2_t", "swin_v2_s", "swin_v2_b",
    "maxvit_t", "regnet_y_400mf", "regnet_x_400mf", "detection", "segmentation", "video", "optical_flow",
    "quantization", "feature_extraction",
}


def __getattr__(name):
    if name in _MISSING:
        raise AttributeError(
            f"torchvision.models.{name} is not provided by Kiln: its torchvision holds ResNet/ResNeXt/Wide ResNet, "
            "VGG, AlexNet, MobileNetV2, SqueezeNet, DenseNet and Inception v3 (see engine/stdlib/torchvision/models/__init__.py)"
        )
    raise AttributeError(f"module 'torchvision.models' has no attribute '{name}'")
