# torchvision.models.mobilenet: the module torchvision keeps for the MobileNet names of both versions
# (from torchvision.models.mobilenet import mobilenet_v2, MobileNetV3, ...).
from torchvision.models.mobilenetv2 import *
from torchvision.models.mobilenetv3 import *
from torchvision.models.mobilenetv2 import __all__ as mv2_all
from torchvision.models.mobilenetv3 import __all__ as mv3_all

__all__ = mv2_all + mv3_all
