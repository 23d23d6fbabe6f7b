# torchvision.utils.make_grid (nrow, padding, pad_value, normalize, value_range, scale_each, lists,
# single images) and save_image to a PNG in memory (signature and header fields).
import io

import torch
from torchvision import utils

torch.manual_seed(0)
batch = torch.rand(5, 3, 4, 4)
g = utils.make_grid(batch, nrow=3, padding=1, pad_value=0.5)
print(g.shape, g[0, :3, :7])
print(utils.make_grid(batch).shape, utils.make_grid(batch, nrow=2, padding=0).shape)
gray = torch.rand(3, 1, 2, 3) * 4 - 2  # uniform draws: exact, unlike randn (libm)
gn = utils.make_grid(gray, normalize=True, padding=1)
print(gn.shape, gn[1])
print(utils.make_grid(gray, normalize=True, value_range=(-1, 1), padding=0)[0])
print(utils.make_grid(gray, normalize=True, scale_each=True, padding=0)[2])
print(utils.make_grid([torch.ones(3, 2, 2), torch.zeros(3, 2, 2)], padding=1)[0])
print(utils.make_grid(torch.rand(1, 3, 2, 2)).shape, utils.make_grid(torch.rand(2, 3)).shape)
try:
    utils.make_grid([torch.ones(3, 2, 2), 5])
except TypeError as e:
    print("TypeError:", e)
buf = io.BytesIO()
utils.save_image(batch, buf, format="png", nrow=2, padding=2)
data = buf.getvalue()
print(data[:8], data[12:16], (data[18] << 8) | data[19], (data[22] << 8) | data[23])
print(list(data[24:29]), data[-8:-4])
