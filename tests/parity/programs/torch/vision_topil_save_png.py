# transforms.ToPILImage()(tensor).save("x.png"), as diffusion samplers and GAN scripts write their
# sample grids: L, RGB and RGBA images saved as PNG (format from the extension or given), read back
# exactly with torchvision.io.read_image; Image.close().
import os, tempfile
import torch
import torchvision
from torchvision import transforms
from torchvision.io import read_image, ImageReadMode

torch.manual_seed(0)
d = tempfile.mkdtemp()
grid = torchvision.utils.make_grid(torch.rand(4, 3, 6, 5), nrow=2)
img = transforms.ToPILImage()(grid)
print(img.mode, img.size)
p = os.path.join(d, 'x0_0.png')
img.save(p)
img.close()
back = read_image(p)
expect = transforms.PILToTensor()(transforms.ToPILImage()(grid))
print(back.shape, back.dtype, torch.equal(back, expect))

gray = transforms.ToPILImage()(torch.rand(1, 7, 9))
q = os.path.join(d, 'gray.png')
gray.save(q)
g = read_image(q)
print(gray.mode, g.shape, torch.equal(g, transforms.PILToTensor()(gray)))

rgba = transforms.ToPILImage()(torch.rand(4, 3, 3))
r = os.path.join(d, 'rgba.png')
with open(r, 'wb') as f:
    rgba.save(f, format='PNG')
a = read_image(r, ImageReadMode.RGB_ALPHA)
print(rgba.mode, a.shape, torch.equal(a, transforms.PILToTensor()(rgba)))
