# torchvision.datasets._offline: what the downloadable datasets whose files Kiln does not read (QMNIST,
# CIFAR10, CIFAR100, SVHN, STL10, CelebA, ...) do in Kiln. Kiln has no network, so download=True raises a
# RuntimeError saying so; without download the dataset looks for its files under root as torchvision does
# and, not finding them, raises torchvision's "Dataset not found" error with the same hint. Decoding the
# files (CIFAR's pickles, ...) is not implemented: found files raise a NotImplementedError. The MNIST
# family reads its idx files (mnist.py).
import os

from torchvision.datasets.vision import VisionDataset

_HINT = ("Kiln runs offline, without network access, so torchvision datasets cannot be downloaded. Use "
         "torchvision.datasets.FakeData(size=..., image_size=..., num_classes=..., transform=...) or a "
         "torch.utils.data.TensorDataset of random tensors in its place")


class _OfflineDataset(VisionDataset):
    _folder = None
    _files = ()

    def __init__(self, root, *args, transform=None, target_transform=None, download=False, **kwargs):
        super().__init__(root, transform=transform, target_transform=target_transform)
        name = self.__class__.__name__
        if download:
            raise RuntimeError(f"{name}(download=True): {_HINT}")
        folder = os.path.join(self.root, self._folder or name)
        found = [f for f in self._files if os.path.exists(os.path.join(folder, f))]
        if not found:
            raise RuntimeError(f"Dataset not found. You can use download=True to download it "
                               f"(in Kiln: {name} reads no files and cannot download; {_HINT})")
        raise NotImplementedError(
            f"{name}: reading the dataset's files ({folder}) is not implemented in Kiln; {_HINT}"
        )

    def __len__(self):
        return 0


class QMNIST(_OfflineDataset):
    _folder = "QMNIST/raw"
    _files = ("qmnist-train-images-idx3-ubyte", "qmnist-train-images-idx3-ubyte.gz")


class CIFAR10(_OfflineDataset):
    _folder = "cifar-10-batches-py"
    _files = ("data_batch_1", "test_batch")
    classes = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


class CIFAR100(_OfflineDataset):
    _folder = "cifar-100-python"
    _files = ("train", "test")


class SVHN(_OfflineDataset):
    _folder = "."
    _files = ("train_32x32.mat", "test_32x32.mat")


class STL10(_OfflineDataset):
    _folder = "stl10_binary"
    _files = ("train_X.bin", "test_X.bin")


class CelebA(_OfflineDataset):
    _folder = "celeba"
    _files = ("list_attr_celeba.txt",)


class Omniglot(_OfflineDataset):
    _folder = "omniglot-py"
    _files = ("images_background",)


class VOCSegmentation(_OfflineDataset):
    _folder = "VOCdevkit"
    _files = ("VOC2012",)


class LSUN(_OfflineDataset):
    _folder = "."
    _files = ()


class ImageNet(_OfflineDataset):
    _folder = "."
    _files = ("meta.bin",)
