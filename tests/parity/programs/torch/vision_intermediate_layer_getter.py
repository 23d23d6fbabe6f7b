# torchvision.models._utils.IntermediateLayerGetter over a resnet18 (DETR's backbone): the children it
# keeps, the outputs by their new names, errors; torchvision._is_tracing outside a trace; subclassing
# datasets.CocoDetection (constructing it needs pycocotools, a separate package).
from collections import OrderedDict
import torch
import torchvision
from torchvision.models import resnet18
from torchvision.models._utils import IntermediateLayerGetter

torch.manual_seed(0)
body = IntermediateLayerGetter(resnet18(), return_layers={"layer2": "0", "layer4": "feat"})
print(list(body.keys()), body.return_layers)
out = body(torch.randn(1, 3, 64, 64))
print(type(out).__name__, [(k, tuple(v.shape)) for k, v in out.items()])
print(sum(p.numel() for p in body.parameters()))
try:
    IntermediateLayerGetter(resnet18(), {"layer9": "x"})
except ValueError as e:
    print("ValueError:", e)
print(torchvision._is_tracing())


class MyCoco(torchvision.datasets.CocoDetection):
    def __getitem__(self, idx):
        img, target = super().__getitem__(idx)
        return img, {"image_id": self.ids[idx], "annotations": target}


print(issubclass(MyCoco, torchvision.datasets.VisionDataset), MyCoco.__mro__[1].__name__)
