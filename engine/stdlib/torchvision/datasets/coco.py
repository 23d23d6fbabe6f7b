# torchvision.datasets.CocoDetection / CocoCaptions as torchvision defines them: the annotation file is
# read by pycocotools (a third-party package: its import in __init__ fails without it, as in
# torchvision), images are decoded with PIL, which Kiln does not have. Programs subclass
# CocoDetection for their own datasets (DETR's datasets/coco.py), so the class exists to derive from.
import os
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple, Union

from torchvision._image import _pil_error
from torchvision.datasets.vision import VisionDataset


class CocoDetection(VisionDataset):
    def __init__(self, root: Union[str, Path], annFile: str, transform: Optional[Callable] = None,
                 target_transform: Optional[Callable] = None, transforms: Optional[Callable] = None) -> None:
        super().__init__(root, transforms, transform, target_transform)
        from pycocotools.coco import COCO

        self.coco = COCO(annFile)
        self.ids = list(sorted(self.coco.imgs.keys()))

    def _load_image(self, id: int):
        path = self.coco.loadImgs(id)[0]["file_name"]
        raise _pil_error(f"CocoDetection: loading {os.path.join(self.root, path)}")

    def _load_target(self, id: int) -> list[Any]:
        return self.coco.loadAnns(self.coco.getAnnIds(id))

    def __getitem__(self, index: int) -> tuple[Any, Any]:
        if not isinstance(index, int):
            raise ValueError(f"Index must be of type integer, got {type(index)} instead.")
        id = self.ids[index]
        image = self._load_image(id)
        target = self._load_target(id)
        if self.transforms is not None:
            image, target = self.transforms(image, target)
        return image, target

    def __len__(self) -> int:
        return len(self.ids)


class CocoCaptions(CocoDetection):
    def _load_target(self, id: int) -> list[str]:
        return [ann["caption"] for ann in super()._load_target(id)]
