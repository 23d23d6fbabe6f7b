# torchvision rotate / affine / gaussian_blur on tensors (torchvision's inverse affine matrix, grid and
# grid_sample; fill through a sampled mask channel) and the seeded RandomRotation / RandomAffine /
# GaussianBlur transforms with their reprs.
import torch
import torchvision.transforms as T
import torchvision.transforms.functional as TF

img = torch.arange(25.0).reshape(1, 5, 5)
print(TF.rotate(img, 90))
print(TF.rotate(img, -90)[0, 0], TF.rotate(img, 180)[0, 0])
print(TF.rotate(img, 45, interpolation=T.InterpolationMode.BILINEAR, fill=[-1.0]))
print(TF.rotate(img, 30, expand=True).shape, TF.rotate(torch.ones(3, 4, 6), 90, expand=True).shape)
print(TF.rotate(img, 20, center=[0, 0])[0, :2])
print(TF.affine(img, 0.0, [1, 0], 1.0, 0.0))
print(TF.affine(img, 0.0, [0, 0], 1.0, [20.0, 0.0], fill=[7.0])[0, 0])
print(TF.affine(img, 10.0, [0, 1], 1.2, 0.0, interpolation=T.InterpolationMode.BILINEAR)[0, 2])
rr = T.RandomRotation(10)
ra = T.RandomAffine(15, translate=(0.1, 0.1), scale=(0.9, 1.1), shear=5)
gb = T.GaussianBlur(3)
print(rr)
print(ra)
print(gb, T.RandomAffine(0, fill=1, interpolation=T.InterpolationMode.BILINEAR))
torch.manual_seed(0)
rgb = torch.rand(3, 6, 6)
print(rr(rgb)[0, 1], ra(rgb)[1, 2], gb(rgb)[2, 2])
print(T.RandomRotation.get_params([-30.0, 30.0]), T.GaussianBlur.get_params(0.1, 2.0))
print(T.RandomAffine.get_params([-5.0, 5.0], (0.2, 0.2), (0.8, 1.2), [-3.0, 3.0, -2.0, 2.0], [6, 6]))
print(TF.gaussian_blur(img, 3, 1.0)[0, 0], TF.gaussian_blur(img, [3, 5])[0, 2])
try:
    T.RandomRotation(-5)
except ValueError as e:
    print("ValueError:", e)
