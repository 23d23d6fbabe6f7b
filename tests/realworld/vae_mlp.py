# Real-program corpus (tests/realworld, see README.md): a variational autoencoder (encoder to mu and
# logvar, the reparameterization trick with randn_like, a sigmoid decoder, binary cross-entropy
# summed + KL divergence), trained with Adam: the workflow of pytorch/examples vae/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; random images, small sizes.
import torch
import torch.utils.data
from torch import nn, optim
from torch.nn import functional as F


class VAE(nn.Module):
    def __init__(self):
        super(VAE, self).__init__()
        self.fc1 = nn.Linear(64, 32)
        self.fc21 = nn.Linear(32, 4)
        self.fc22 = nn.Linear(32, 4)
        self.fc3 = nn.Linear(4, 32)
        self.fc4 = nn.Linear(32, 64)

    def encode(self, x):
        h1 = F.relu(self.fc1(x))
        return self.fc21(h1), self.fc22(h1)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return mu + eps * std

    def decode(self, z):
        return torch.sigmoid(self.fc4(F.relu(self.fc3(z))))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, 64))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


def loss_function(recon_x, x, mu, logvar):
    BCE = F.binary_cross_entropy(recon_x, x.view(-1, 64), reduction='sum')
    KLD = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return BCE + KLD


torch.manual_seed(1)
train_loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(torch.rand(48, 1, 8, 8), torch.zeros(48)), batch_size=16, shuffle=True)
test_loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(torch.rand(16, 1, 8, 8), torch.zeros(16)), batch_size=16)
model = VAE()
optimizer = optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(1, 3):
    model.train()
    train_loss = 0
    for batch_idx, (data, _) in enumerate(train_loader):
        optimizer.zero_grad()
        recon_batch, mu, logvar = model(data)
        loss = loss_function(recon_batch, data, mu, logvar)
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
        print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.4f}'.format(
            epoch, batch_idx * len(data), len(train_loader.dataset),
            100. * batch_idx / len(train_loader), loss.item() / len(data)))
    print('====> Epoch: {} Average loss: {:.4f}'.format(epoch, train_loss / len(train_loader.dataset)))
    model.eval()
    test_loss = 0
    with torch.no_grad():
        for i, (data, _) in enumerate(test_loader):
            recon_batch, mu, logvar = model(data)
            test_loss += loss_function(recon_batch, data, mu, logvar).item()
            if i == 0:
                n = min(data.size(0), 8)
                comparison = torch.cat([data[:n], recon_batch.view(16, 1, 8, 8)[:n]])
                print('comparison', tuple(comparison.shape))
    print('====> Test set loss: {:.4f}'.format(test_loss / len(test_loader.dataset)))
    with torch.no_grad():
        sample = model.decode(torch.randn(8, 4))
        print('sample', tuple(sample.view(8, 1, 8, 8).shape), f"{sample.mean().item():.4f}")
