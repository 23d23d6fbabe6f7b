# ToTensor on a NumPy image: a uint8 (H, W, C) array, as CIFAR-10's .data rows and OpenCV images are,
# becomes a float (C, H, W) tensor in [0, 1] (the zalandoresearch VQ-VAE notebook normalizes it next);
# other dtypes keep their values and dtype. PILToTensor gives uint8 (C, H, W), so ConvertImageDtype
# scales it by 255.
import numpy as np
import torch
from torchvision import transforms
from torchvision.transforms import functional as TF

rng = np.random.RandomState(0)
img = rng.randint(0, 256, size=(2, 3, 3)).astype(np.uint8)
t = transforms.ToTensor()(img)
print(t.dtype, t.shape)
print(t)
print(torch.equal(t, torch.from_numpy(img).permute(2, 0, 1).float() / 255))
gray = np.array([[0, 255], [128, 64]], dtype=np.uint8)
print(TF.to_tensor(gray))
print(TF.to_tensor(np.array([[1.5, 2.5]], dtype=np.float32)).dtype, TF.to_tensor(np.array([[[7]]], dtype=np.int64)))
pipeline = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.5, 0.5, 0.5), (1.0, 1.0, 1.0))])
print(pipeline(img)[:, 0])

pil = transforms.ToPILImage()(torch.tensor([[[0, 255], [10, 20]]], dtype=torch.uint8))
p = transforms.PILToTensor()(pil)
print(p.dtype, p)
print(transforms.ConvertImageDtype(torch.float32)(p))
print(TF.pil_to_tensor(transforms.ToPILImage()(img)).dtype, TF.pil_to_tensor(transforms.ToPILImage()(img)).shape)
print(torch.equal(TF.pil_to_tensor(transforms.ToPILImage()(img)), torch.from_numpy(img).permute(2, 0, 1)))
