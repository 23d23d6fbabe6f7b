# Real-program corpus (tests/realworld, see README.md): rasbt/deeplearning-models' plain-PyTorch graph
# neural network notebooks on MNIST, where every image is a graph over its pixels: gnn-basic-1 (a
# fixed Gaussian-kernel adjacency from `scipy.spatial.distance.cdist` over np.meshgrid pixel
# coordinates, `A[A < 0.01] = 0`, Kipf & Welling normalization with `(D + 1e-5) ** (-0.5)`, a
# registered buffer expanded to the batch and torch.bmm neighbourhood averaging, SGD, compute_acc with
# torch.max over probabilities and an accumulated 0-dim tensor, f-string formats of tensors) and
# gnn-basic-edge-1 (the adjacency predicted by an MLP over [N, N, 4] coordinate pairs built with
# repeat + cat, assigned to `self.A` inside forward), with Subset train/validation splits of one
# dataset, DataLoader(num_workers=4), matplotlib plots of the costs with np.convolve running means.
# Origin: rasbt/deeplearning-models pytorch_ipynb/gnn/gnn-basic-1.ipynb and gnn-basic-edge-1.ipynb
# @ 18e0469 (the stored snapshot's HEAD), their code cells in order.
# Changes: MNIST replaced by torchvision FakeData at 14x14 (IMG_SIZE 14 instead of 28, so the edge
# predictor's [N, N, 4] input stays small), 160 images split 128/32 by Subset indices and 64 test
# images instead of 59000/1000/10000; BATCH_SIZE 32, NUM_EPOCHS 2; the elapsed-time lines print no
# times; the running mean uses a window of 4 instead of 200; plt.show() replaced by plt.close('all');
# the two notebooks run one after the other in this file (the second GraphNet renamed EdgeGraphNet);
# the edge model trains at LEARNING_RATE / 50 (at 0.05 its costs diverge to ~1e4 within two epochs,
# where float rounding decides the printed digits).
# gnn-basic-graph-spectral-1 needs scipy.sparse.linalg.eigsh, which Kiln does not provide.
import time
import numpy as np
from scipy.spatial.distance import cdist
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import datasets
from torchvision import transforms
from torch.utils.data import DataLoader
from torch.utils.data.dataset import Subset


if torch.cuda.is_available():
    torch.backends.cudnn.deterministic = True

import matplotlib.pyplot as plt

##########################
### SETTINGS
##########################

DEVICE = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

RANDOM_SEED = 1
LEARNING_RATE = 0.05
NUM_EPOCHS = 2
BATCH_SIZE = 32
IMG_SIZE = 14

NUM_CLASSES = 10

train_indices = torch.arange(0, 128)
valid_indices = torch.arange(128, 160)

custom_transform = transforms.Compose([transforms.ToTensor()])

train_and_valid = datasets.FakeData(size=160, image_size=(1, IMG_SIZE, IMG_SIZE), num_classes=10,
                                    transform=custom_transform)

test_dataset = datasets.FakeData(size=64, image_size=(1, IMG_SIZE, IMG_SIZE), num_classes=10,
                                 random_offset=1000, transform=custom_transform)

train_dataset = Subset(train_and_valid, train_indices)
valid_dataset = Subset(train_and_valid, valid_indices)

torch.manual_seed(0)
train_loader = DataLoader(dataset=train_dataset,
                          batch_size=BATCH_SIZE,
                          num_workers=4,
                          shuffle=True)

valid_loader = DataLoader(dataset=valid_dataset,
                          batch_size=BATCH_SIZE,
                          num_workers=4,
                          shuffle=False)

test_loader = DataLoader(dataset=test_dataset,
                         batch_size=BATCH_SIZE,
                         num_workers=4,
                         shuffle=False)

for images, labels in train_loader:
    print('Image batch dimensions:', images.shape)
    print('Image label dimensions:', labels.shape)
    break


# ---- gnn-basic-1 ----

def precompute_adjacency_matrix(img_size):
    col, row = np.meshgrid(np.arange(img_size), np.arange(img_size))

    # N = img_size^2 coordinates (N x 2), scaled to [0, 1]
    coord = np.stack((col, row), axis=2).reshape(-1, 2) / img_size

    # pairwise distances (N x N)
    dist = cdist(coord, coord, metric='euclidean')

    # Gaussian filter
    sigma = 0.05 * np.pi
    A = np.exp(- dist / sigma ** 2)
    A[A < 0.01] = 0
    A = torch.from_numpy(A).float()

    # normalization as in Kipf & Welling (ICLR 2017)
    D = A.sum(1)  # node degrees (N,)
    D_hat = (D + 1e-5) ** (-0.5)
    A_hat = D_hat.view(-1, 1) * A * D_hat.view(1, -1)  # N,N

    return A_hat


A_hat = precompute_adjacency_matrix(IMG_SIZE)
plt.imshow(A_hat)
plt.close('all')
print('A_hat:', tuple(A_hat.shape), 'nonzero per node:', int((A_hat[0] > 0).sum()), int((A_hat[100] > 0).sum()),
      'row sum %.4f' % A_hat[100].sum().item())


class GraphNet(nn.Module):
    def __init__(self, img_size=28, num_classes=10):
        super(GraphNet, self).__init__()

        n_rows = img_size**2
        self.fc = nn.Linear(n_rows, num_classes, bias=False)

        A = precompute_adjacency_matrix(img_size)
        self.register_buffer('A', A)

    def forward(self, x):

        B = x.size(0)  # batch size

        # [N, N] adjacency -> [1, N, N] -> [B, N, N] where N = HxW
        A_tensor = self.A.unsqueeze(0)
        A_tensor = self.A.expand(B, -1, -1)

        # [B, C, H, W] => [B, H*W, 1]
        x_reshape = x.view(B, -1, 1)

        # bmm sums the neighbour features: [B, N, N] x [B, N, 1] -> [B, N]
        avg_neighbor_features = (torch.bmm(A_tensor, x_reshape).view(B, -1))

        logits = self.fc(avg_neighbor_features)
        probas = F.softmax(logits, dim=1)
        return logits, probas


def compute_acc(model, data_loader, device):
    correct_pred, num_examples = 0, 0
    for features, targets in data_loader:
        features = features.to(device)
        targets = targets.to(device)
        logits, probas = model(features)
        _, predicted_labels = torch.max(probas, 1)
        num_examples += targets.size(0)
        correct_pred += (predicted_labels == targets).sum()
    return correct_pred.float()/num_examples * 100


def train_and_report(model, optimizer):
    start_time = time.time()

    cost_list = []
    train_acc_list, valid_acc_list = [], []

    for epoch in range(NUM_EPOCHS):

        model.train()
        for batch_idx, (features, targets) in enumerate(train_loader):

            features = features.to(DEVICE)
            targets = targets.to(DEVICE)

            logits, probas = model(features)
            cost = F.cross_entropy(logits, targets)
            optimizer.zero_grad()

            cost.backward()

            optimizer.step()

            cost_list.append(cost.item())
            if not batch_idx % 150:
                print(f'Epoch: {epoch+1:03d}/{NUM_EPOCHS:03d} | '
                      f'Batch {batch_idx:03d}/{len(train_loader):03d} |'
                      f' Cost: {cost:.4f}')

        model.eval()
        with torch.set_grad_enabled(False):  # no graph during inference

            train_acc = compute_acc(model, train_loader, device=DEVICE)
            valid_acc = compute_acc(model, valid_loader, device=DEVICE)

            print(f'Epoch: {epoch+1:03d}/{NUM_EPOCHS:03d}\n'
                  f'Train ACC: {train_acc:.2f} | Validation ACC: {valid_acc:.2f}')

            train_acc_list.append(train_acc)
            valid_acc_list.append(valid_acc)

        elapsed = (time.time() - start_time)/60
        print('Time elapsed: %s' % type(elapsed).__name__)

    plt.plot(cost_list, label='Minibatch cost')
    plt.plot(np.convolve(cost_list,
                         np.ones(4,)/4, mode='valid'),
             label='Running average')
    plt.ylabel('Cross Entropy')
    plt.xlabel('Iteration')
    plt.legend()
    plt.close('all')
    print('running mean of the last costs: %.4f' % np.convolve(cost_list, np.ones(4,)/4, mode='valid')[-1])

    plt.plot(np.arange(1, NUM_EPOCHS+1), train_acc_list, label='Training')
    plt.plot(np.arange(1, NUM_EPOCHS+1), valid_acc_list, label='Validation')
    plt.xlabel('Epoch')
    plt.ylabel('Accuracy')
    plt.legend()
    plt.close('all')

    with torch.set_grad_enabled(False):
        test_acc = compute_acc(model=model,
                               data_loader=test_loader,
                               device=DEVICE)

        valid_acc = compute_acc(model=model,
                                data_loader=valid_loader,
                                device=DEVICE)

    print(f'Validation ACC: {valid_acc:.2f}%')
    print(f'Test ACC: {test_acc:.2f}%')


torch.manual_seed(RANDOM_SEED)
model = GraphNet(img_size=IMG_SIZE, num_classes=NUM_CLASSES)
model = model.to(DEVICE)
optimizer = torch.optim.SGD(model.parameters(), lr=LEARNING_RATE)
print(model, [name for name, _ in model.named_buffers()])
train_and_report(model, optimizer)


# ---- gnn-basic-edge-1 ----

def make_coordinate_array(img_size, out_size=4):

    # 2-D coordinates (N x 2), standardized
    n_rows = img_size * img_size
    col, row = np.meshgrid(np.arange(img_size), np.arange(img_size))
    coord = np.stack((col, row), axis=2).reshape(-1, 2)
    coord = (coord - np.mean(coord, axis=0)) / (np.std(coord, axis=0) + 1e-5)
    coord = torch.from_numpy(coord).float()

    # [N, N, out_size]: every node's coordinates paired with every other's
    coord = torch.cat((coord.unsqueeze(0).repeat(n_rows, 1,  int(out_size/2-1)),
                       coord.unsqueeze(1).repeat(1, n_rows, 1)), dim=2)

    return coord


class EdgeGraphNet(nn.Module):
    def __init__(self, img_size=28, coord_features=4, num_classes=10):
        super(EdgeGraphNet, self).__init__()

        n_rows = img_size**2
        self.fc = nn.Linear(n_rows, num_classes, bias=False)

        coord = make_coordinate_array(img_size, coord_features)
        self.register_buffer('coord', coord)

        # edge predictor
        self.pred_edge_fc = nn.Sequential(nn.Linear(coord_features, 32),  # coord -> hidden
                                          nn.ReLU(),
                                          nn.Linear(32, 1),  # hidden -> edge
                                          nn.Tanh())

    def forward(self, x):
        B = x.size(0)

        # predicted edges
        self.A = self.pred_edge_fc(self.coord).squeeze()

        A_tensor = self.A.unsqueeze(0)
        A_tensor = self.A.expand(B, -1, -1)

        x_reshape = x.view(B, -1, 1)

        avg_neighbor_features = (torch.bmm(A_tensor, x_reshape).view(B, -1))

        logits = self.fc(avg_neighbor_features)
        probas = F.softmax(logits, dim=1)
        return logits, probas


coord = make_coordinate_array(IMG_SIZE)
print('coord:', tuple(coord.shape), [round(v, 4) for v in coord[3, 17].tolist()])
torch.manual_seed(RANDOM_SEED)
model = EdgeGraphNet(img_size=IMG_SIZE, num_classes=NUM_CLASSES)
model = model.to(DEVICE)
optimizer = torch.optim.SGD(model.parameters(), lr=LEARNING_RATE / 50)
train_and_report(model, optimizer)
print('predicted adjacency:', tuple(model.A.shape), type(model.A).__name__, 'A' in dict(model.named_buffers()))
