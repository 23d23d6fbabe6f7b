# torchvision.datasets for Kiln: FakeData (generated exactly as torchvision does), VisionDataset,
# DatasetFolder / ImageFolder (folder listing; images need PIL to decode, absent in Kiln), and the
# MNIST family (MNIST, FashionMNIST, KMNIST, EMNIST) reading their idx files when present (mnist.py),
# CocoDetection / CocoCaptions (pycocotools and PIL needed to read anything: coco.py), and the
# other downloadable datasets (QMNIST, CIFAR10, CIFAR100, SVHN, STL10, CelebA, Omniglot, VOCSegmentation, LSUN,
# ImageNet), which raise clear errors: Kiln cannot download, and does not decode their files (see _offline.py).
from torchvision.datasets import utils
from torchvision.datasets.vision import VisionDataset, StandardTransform
from torchvision.datasets.fakedata import FakeData
from torchvision.datasets.folder import DatasetFolder, ImageFolder, IMG_EXTENSIONS, default_loader, \
    find_classes, make_dataset, has_file_allowed_extension, is_image_file
from torchvision.datasets.mnist import MNIST, FashionMNIST, KMNIST, EMNIST
from torchvision.datasets.coco import CocoDetection, CocoCaptions
from torchvision.datasets._offline import QMNIST, CIFAR10, CIFAR100, \
    SVHN, STL10, CelebA, Omniglot, VOCSegmentation, LSUN, ImageNet
