# torchvision.datasets.fakedata: FakeData, generated exactly as torchvision does: item i seeds torch's
# global generator with i + random_offset (saving and restoring the caller's RNG state around it), draws
# torch.randn(*image_size) and one randint label, and turns the image into a PIL image (here Kiln's
# stand-in, torchvision._image: pixels byte(255 * x)), so FakeData(transform=ToTensor()) gives
# torchvision's tensors.
from typing import Any, Callable, Optional, Tuple

import torch

from torchvision.datasets.vision import VisionDataset
from torchvision.transforms import functional as _F


class FakeData(VisionDataset):
    def __init__(self, size: int = 1000, image_size: tuple[int, int, int] = (3, 224, 224), num_classes: int = 10,
                 transform: Optional[Callable] = None, target_transform: Optional[Callable] = None,
                 random_offset: int = 0) -> None:
        super().__init__(transform=transform, target_transform=target_transform)
        self.size = size
        self.num_classes = num_classes
        self.image_size = image_size
        self.random_offset = random_offset

    def __getitem__(self, index: int) -> tuple[Any, Any]:
        if index >= len(self):
            raise IndexError(f"{self.__class__.__name__} index out of range")
        rng_state = torch.get_rng_state()
        torch.manual_seed(index + self.random_offset)
        img = torch.randn(*self.image_size)
        target = torch.randint(0, self.num_classes, size=(1,), dtype=torch.long)[0]
        torch.set_rng_state(rng_state)
        img = _F.to_pil_image(img)
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return img, target.item()

    def __len__(self) -> int:
        return self.size
