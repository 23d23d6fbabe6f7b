# torchvision.datasets.folder: DatasetFolder (root/class_x/xxx.ext, classes sorted, samples in
# torchvision's order, a loader you give) and ImageFolder. Listing the folders works inside Kiln's file
# sandbox; ImageFolder's default loader decodes images with PIL, which Kiln lacks, so loading an item
# raises (a DatasetFolder with your own loader, e.g. torch.load or numpy.load, works).
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from torchvision.datasets.vision import VisionDataset

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def has_file_allowed_extension(filename: str, extensions: Union[str, tuple[str, ...]]) -> bool:
    return filename.lower().endswith(extensions if isinstance(extensions, str) else tuple(extensions))


def is_image_file(filename: str) -> bool:
    return has_file_allowed_extension(filename, IMG_EXTENSIONS)


def find_classes(directory: Union[str, Path]) -> tuple[list[str], dict[str, int]]:
    classes = sorted(entry for entry in os.listdir(directory) if os.path.isdir(os.path.join(directory, entry)))
    if not classes:
        raise FileNotFoundError(f"Couldn't find any class folder in {directory}.")
    class_to_idx = {cls_name: i for i, cls_name in enumerate(classes)}
    return classes, class_to_idx


def make_dataset(directory: Union[str, Path], class_to_idx: Optional[dict[str, int]] = None,
                 extensions: Optional[Union[str, tuple[str, ...]]] = None,
                 is_valid_file: Optional[Callable[[str], bool]] = None,
                 allow_empty: bool = False) -> list[tuple[str, int]]:
    directory = os.path.expanduser(directory)
    if class_to_idx is None:
        _, class_to_idx = find_classes(directory)
    elif not class_to_idx:
        raise ValueError("'class_to_index' must have at least one entry to collect any samples.")
    both_none = extensions is None and is_valid_file is None
    both_something = extensions is not None and is_valid_file is not None
    if both_none or both_something:
        raise ValueError("Both extensions and is_valid_file cannot be None or not None at the same time")
    if extensions is not None:
        def is_valid_file(x: str) -> bool:
            return has_file_allowed_extension(x, extensions)
    instances = []
    available_classes = set()
    for target_class in sorted(class_to_idx.keys()):
        class_index = class_to_idx[target_class]
        target_dir = os.path.join(directory, target_class)
        if not os.path.isdir(target_dir):
            continue
        for root, _, fnames in sorted(os.walk(target_dir, followlinks=True)):
            for fname in sorted(fnames):
                path = os.path.join(root, fname)
                if is_valid_file(path):
                    instances.append((path, class_index))
                    if target_class not in available_classes:
                        available_classes.add(target_class)
    empty_classes = set(class_to_idx.keys()) - available_classes
    if empty_classes and not allow_empty:
        msg = f"Found no valid file for the classes {', '.join(sorted(empty_classes))}. "
        if extensions is not None:
            msg += f"Supported extensions are: {extensions if isinstance(extensions, str) else ', '.join(extensions)}"
        raise FileNotFoundError(msg)
    return instances


class DatasetFolder(VisionDataset):
    def __init__(self, root: Union[str, Path], loader: Callable[[str], Any],
                 extensions: Optional[tuple[str, ...]] = None, transform: Optional[Callable] = None,
                 target_transform: Optional[Callable] = None, is_valid_file: Optional[Callable[[str], bool]] = None,
                 allow_empty: bool = False) -> None:
        super().__init__(root, transform=transform, target_transform=target_transform)
        classes, class_to_idx = self.find_classes(self.root)
        samples = self.make_dataset(self.root, class_to_idx=class_to_idx, extensions=extensions,
                                    is_valid_file=is_valid_file, allow_empty=allow_empty)
        self.loader = loader
        self.extensions = extensions
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.samples = samples
        self.targets = [s[1] for s in samples]

    @staticmethod
    def make_dataset(directory: Union[str, Path], class_to_idx: dict[str, int],
                     extensions: Optional[tuple[str, ...]] = None,
                     is_valid_file: Optional[Callable[[str], bool]] = None,
                     allow_empty: bool = False) -> list[tuple[str, int]]:
        if class_to_idx is None:
            raise ValueError("The class_to_idx parameter cannot be None.")
        return make_dataset(directory, class_to_idx, extensions=extensions, is_valid_file=is_valid_file,
                            allow_empty=allow_empty)

    def find_classes(self, directory: Union[str, Path]) -> tuple[list[str], dict[str, int]]:
        return find_classes(directory)

    def __getitem__(self, index: int) -> tuple[Any, Any]:
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return sample, target

    def __len__(self) -> int:
        return len(self.samples)


def pil_loader(path: Union[str, Path]):
    # torchvision opens the file with PIL and converts to RGB; Kiln's stand-in decodes PNG (torchvision._image).
    from torchvision import _image
    with open(path, "rb") as f:
        img = _image._open(f.read(), path)
    return img.convert("RGB")


def default_loader(path: Union[str, Path]) -> Any:
    return pil_loader(path)


class ImageFolder(DatasetFolder):
    def __init__(self, root: Union[str, Path], transform: Optional[Callable] = None,
                 target_transform: Optional[Callable] = None, loader: Callable[[str], Any] = default_loader,
                 is_valid_file: Optional[Callable[[str], bool]] = None, allow_empty: bool = False):
        super().__init__(root, loader, IMG_EXTENSIONS if is_valid_file is None else None, transform=transform,
                         target_transform=target_transform, is_valid_file=is_valid_file, allow_empty=allow_empty)
        self.imgs = self.samples
