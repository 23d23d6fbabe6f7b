# torchvision.transforms: the v1 transform classes (transforms.py) and the functional module
# (functional.py); transforms.v2 re-exports them with v2's ToImage / ToDtype / ToPureTensor additions.
from torchvision.transforms.transforms import *
from torchvision.transforms.transforms import RandomPerspective, AutoAugment, RandAugment, TrivialAugmentWide, \
    AugMix, LinearTransformation, ElasticTransform, RandomPosterize, RandomEqualize, RandomAutocontrast, RandomAdjustSharpness
from torchvision.transforms import functional
