# torchvision.models: the classification models Kiln provides, built as torchvision 0.26 builds them
# (module names, construction order and initialisation, so a seeded program gets PyTorch's
# parameters): ResNet / ResNeXt / Wide ResNet, VGG (+BN), AlexNet, MobileNetV2 / V3, SqueezeNet,
# DenseNet, Inception v3, GoogLeNet, EfficientNet (V1, V2), ShuffleNetV2, MNASNet, RegNet (X, Y),
# ConvNeXt, ViT and Swin (V1, V2), with their *_Weights enums and get_model / list_models / get_weight /
# get_model_weights. Pretrained weights cannot be downloaded (Kiln is offline): weights=... /
# pretrained=True raise a RuntimeError saying so. Left out: MaxViT and the detection, segmentation,
# video, optical-flow and quantized packages; naming one raises an AttributeError that says so.
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
    "maxvit_t", "MaxVit", "MaxVit_T_Weights", "maxvit", "detection", "segmentation", "video", "optical_flow",
    "quantization", "feature_extraction",
}


def __getattr__(name):
    if name in _MISSING:
        raise AttributeError(
            f"torchvision.models.{name} is not provided by Kiln: its torchvision holds the classification models "
            "but MaxViT, and none of the detection, segmentation, video, optical-flow or quantized ones "
            "(see engine/stdlib/torchvision/models/__init__.py)"
        )
    raise AttributeError(f"module 'torchvision.models' has no attribute '{name}'")
