# Real-program corpus (tests/realworld, see README.md): Hinton's forward-forward training (each
# layer, a subclass of nn.Linear with its own Adam optimizer, pushes the "goodness" of positive data
# above a threshold and of negative data below it; labels are overlaid on the input with advanced
# indexing; prediction picks the label with the highest summed goodness): the workflow of
# pytorch/examples mnist_forward_forward/main.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8.
# Written for Kiln, not copied; random data, small sizes.
import torch
import torch.nn as nn
from torch.optim import Adam

LR, THRESHOLD, EPOCHS, LOG_INTERVAL = 0.03, 2.0, 40, 10


def get_y_neg(y):
    y_neg = y.clone()
    for idx, y_samp in enumerate(y):
        allowed_indices = list(range(10))
        allowed_indices.remove(y_samp.item())
        y_neg[idx] = torch.tensor(allowed_indices)[torch.randint(len(allowed_indices), size=(1,))].item()
    return y_neg


def overlay_y_on_x(x, y, classes=10):
    x_ = x.clone()
    x_[:, :classes] *= 0.0
    x_[range(x.shape[0]), y] = x.max()
    return x_


class Layer(nn.Linear):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__(in_features, out_features, bias, device, dtype)
        self.relu = torch.nn.ReLU()
        self.opt = Adam(self.parameters(), lr=LR)
        self.threshold = THRESHOLD
        self.num_epochs = EPOCHS

    def forward(self, x):
        x_direction = x / (x.norm(2, 1, keepdim=True) + 1e-4)
        return self.relu(torch.mm(x_direction, self.weight.T) + self.bias.unsqueeze(0))

    def train(self, x_pos, x_neg):
        for i in range(self.num_epochs):
            g_pos = self.forward(x_pos).pow(2).mean(1)
            g_neg = self.forward(x_neg).pow(2).mean(1)
            loss = torch.log1p(torch.exp(torch.cat([-g_pos + self.threshold, g_neg - self.threshold]))).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if i % LOG_INTERVAL == 0:
                print("Loss: ", f"{loss.item():.4f}")
        return self.forward(x_pos).detach(), self.forward(x_neg).detach()


class Net(torch.nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.layers = []
        for d in range(len(dims) - 1):
            self.layers = self.layers + [Layer(dims[d], dims[d + 1])]

    def predict(self, x):
        goodness_per_label = []
        for label in range(10):
            h = overlay_y_on_x(x, label)
            goodness = []
            for layer in self.layers:
                h = layer(h)
                goodness = goodness + [h.pow(2).mean(1)]
            goodness_per_label += [sum(goodness).unsqueeze(1)]
        return torch.cat(goodness_per_label, 1).argmax(1)

    def train(self, x_pos, x_neg):
        h_pos, h_neg = x_pos, x_neg
        for i, layer in enumerate(self.layers):
            print("training layer: ", i)
            h_pos, h_neg = layer.train(h_pos, h_neg)


torch.manual_seed(1)
x = (torch.rand(100, 64) - 0.1307) / 0.3081
y = torch.randint(0, 10, (100,))
net = Net([64, 32, 32])
print(len(net.layers), list(net.parameters()) == [])
x_pos = overlay_y_on_x(x, y)
y_neg = get_y_neg(y)
print((y_neg != y).all().item(), x_pos[0, :10].nonzero().flatten().tolist() == [y[0].item()])
x_neg = overlay_y_on_x(x, y_neg)
net.train(x_pos, x_neg)
print("train error:", f"{1.0 - net.predict(x).eq(y).float().mean().item():.4f}")
