# The torchvision internals that model files copied out of torchvision import at module level:
# transforms._presets (ImageClassification & co.: the weights' preprocessing, reprs and describe()),
# models._meta._IMAGENET_CATEGORIES (also every classification weight's meta["categories"]),
# utils._log_api_usage_once, and models._utils.handle_legacy_interface in torchvision's
# weights=("pretrained", default) form with its warnings; get_model_weights reads the builder's
# `weights` annotation.
import warnings
from functools import partial
from typing import Optional

import torch
import torch.nn as nn
from torchvision.models import ResNet18_Weights, VGG16_Weights, get_model_weights, resnet18
from torchvision.models._api import Weights, WeightsEnum
from torchvision.models._meta import _IMAGENET_CATEGORIES
from torchvision.models._utils import handle_legacy_interface, _ovewrite_named_param
from torchvision.transforms._presets import ImageClassification, ObjectDetection, OpticalFlow, SemanticSegmentation, VideoClassification
from torchvision.utils import _log_api_usage_once

print(len(_IMAGENET_CATEGORIES), _IMAGENET_CATEGORIES[0], _IMAGENET_CATEGORIES[281], _IMAGENET_CATEGORIES[999])
print(ResNet18_Weights.IMAGENET1K_V1.meta["categories"][207], VGG16_Weights.IMAGENET1K_FEATURES.meta["categories"])

t = ImageClassification(crop_size=24, resize_size=28)
print(t)
print(t.describe())
torch.manual_seed(0)
img = torch.randint(0, 256, (3, 40, 30), dtype=torch.uint8)
print(t(img).shape, t(img).dtype)
out = t(torch.rand(3, 40, 30))
print(out.shape, out.dtype, round(out.mean().item(), 4))
print(t(torch.rand(2, 3, 50, 50)).shape)
print(ObjectDetection()(img).dtype, ObjectDetection())
seg = SemanticSegmentation(resize_size=20)
print(seg, seg(img).shape)
print(SemanticSegmentation(resize_size=None)(img).shape)
v = VideoClassification(crop_size=(8, 8), resize_size=(10, 12))
print(v)
print(v(torch.randint(0, 256, (4, 3, 16, 16), dtype=torch.uint8)).shape, v(torch.randint(0, 256, (2, 4, 3, 16, 16), dtype=torch.uint8)).shape)
a, b = OpticalFlow()(img, img)
print(a.shape, round(a.min().item(), 4), round(a.max().item(), 4))


class Tiny(nn.Module):
    def __init__(self, num_classes=1000):
        super().__init__()
        _log_api_usage_once(self)
        self.fc = nn.Linear(4, num_classes)


class Tiny_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights(url="https://example.invalid/tiny-0123abcd.pth",
                            transforms=partial(ImageClassification, crop_size=224),
                            meta={"categories": _IMAGENET_CATEGORIES, "num_params": 5000})
    DEFAULT = IMAGENET1K_V1


@handle_legacy_interface(weights=("pretrained", Tiny_Weights.IMAGENET1K_V1))
def tiny(*, weights: Optional[Tiny_Weights] = None, progress: bool = True, **kwargs) -> Tiny:
    weights = Tiny_Weights.verify(weights)
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", len(weights.meta["categories"]))
        return ("would load", weights, kwargs)
    return Tiny(**kwargs)


print(Tiny_Weights.DEFAULT.transforms())
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    print(tiny(num_classes=3).fc.out_features)
    print(tiny(pretrained=False, num_classes=5).fc.out_features)
    print(tiny(pretrained=True))
    print(tiny(True))
    print(tiny(None, False).fc.out_features)
    print(tiny(weights="IMAGENET1K_V1"))
    for w in ws:
        print(w.category.__name__, str(w.message))
print(get_model_weights(tiny), get_model_weights("resnet18"), get_model_weights(resnet18))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    m = resnet18(pretrained=False, num_classes=2)
    print(type(m).__name__, m.fc.out_features, [str(w.message)[:40] for w in ws])


@handle_legacy_interface(weights=("pretrained", None))
def nothing(*, weights=None, progress=True):
    return weights


try:
    nothing(pretrained=True)
except ValueError as e:
    print("ValueError:", e)
