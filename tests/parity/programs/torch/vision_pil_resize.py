# torchvision Resize / CenterCrop / RandomResizedCrop on the PIL images FakeData hands over (PIL's own
# resampling: NEAREST through its scaling transform, the other filters in 22-bit fixed point), then
# ToTensor: the numbers a FakeData-for-ImageFolder swap gives.
import torch
from torchvision import datasets, transforms as T

img = datasets.FakeData(size=2, image_size=(3, 8, 8))[0][0]
gray = datasets.FakeData(size=2, image_size=(1, 7, 9), random_offset=3)[1][0]
modes = [T.InterpolationMode.NEAREST, T.InterpolationMode.BILINEAR, T.InterpolationMode.BICUBIC,
         T.InterpolationMode.BOX, T.InterpolationMode.HAMMING, T.InterpolationMode.LANCZOS]
for mode in modes:
    up = T.Resize(12, interpolation=mode)(img)
    down = T.Resize((5, 3), interpolation=mode)(img)
    g = T.Resize(4, interpolation=mode)(gray)
    print(mode.value, up.size, down.size, g.size)
    print(" ", T.PILToTensor()(up)[0, 0, :8].tolist())
    print(" ", T.PILToTensor()(down)[1, :, 0].tolist(), T.PILToTensor()(g)[0, 1].tolist())
tf = T.Compose([T.Resize(16), T.CenterCrop(12), T.ToTensor(), T.Normalize([0.5] * 3, [0.5] * 3)])
print(tf)
out = tf(img)
print(out.shape, [round(v, 4) for v in out[2, 5, :6].tolist()])
torch.manual_seed(0)
rrc = T.Compose([T.RandomResizedCrop(6), T.RandomHorizontalFlip(), T.PILToTensor()])
for _ in range(3):
    print(rrc(img)[0, 0].tolist())
print(T.PILToTensor()(T.Resize((3, 3))(img.convert("L")))[0].tolist())
