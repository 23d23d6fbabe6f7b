# Real-program corpus (tests/realworld, see README.md): the SimCLR workflow of Spijkervet/SimCLR @ 2738efae
# (main.py, linear_evaluation.py, model.py, utils/yaml_config_hook.py, config/config.yaml,
# simclr/simclr.py, simclr/modules/{nt_xent,resnet,resnet_hacks,identity,logistic_regression}.py,
# simclr/modules/transformations/simclr.py). Written for Kiln, not copied: a YAML config with comments
# and a `defaults:` list of {dir: file} includes read by yaml.safe_load, every key turned into an
# argparse option with `type=type(v)`, TransformsSimCLR's two random views (RandomResizedCrop,
# RandomHorizontalFlip, RandomApply([ColorJitter]), RandomGrayscale, ToTensor), a torchvision resnet18
# through get_resnet and modify_resnet_model (CIFAR stem: a new 3x3 conv1 with kaiming_normal_
# fan_out, maxpool replaced by Identity), the encoder's fc replaced by a hand-written Identity module,
# the projector MLP, NT_Xent (a bool mask from `fill_diagonal_(0)` and an index loop, CosineSimilarity
# over broadcast z.unsqueeze(1) / z.unsqueeze(0), torch.diag with +-offsets, sim[mask] negatives,
# CrossEntropyLoss(reduction="sum") / N), load_optimizer / save_model ("checkpoint_{}.tar"), then the
# linear evaluation: inference into NumPy feature arrays, TensorDatasets from_numpy, a
# LogisticRegression head trained and tested on the frozen features.
# Changes from the origin: CIFAR10 is torchvision FakeData (16 images of 3x24x24, image_size 16),
# batch 4, two pretraining epochs and 3 logistic epochs, the config file and its include are written
# to a temporary directory first, the device is the CPU, no DataParallel/DDP or TensorBoard writer,
# losses printed to 4 places.
import argparse
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torchvision
import yaml
from torchvision.models.resnet import Bottleneck, ResNet


# ---- utils/yaml_config_hook.py ----------------------------------------------------------------------
def yaml_config_hook(config_file):
    # loads the config and the files named in its nested 'defaults' section
    with open(config_file) as f:
        cfg = yaml.safe_load(f)
        for d in cfg.get("defaults", []):
            config_dir, cf = d.popitem()
            cf = os.path.join(os.path.dirname(config_file), config_dir, cf + ".yaml")
            with open(cf) as f:
                l = yaml.safe_load(f)
                cfg.update(l)
    if "defaults" in cfg.keys():
        del cfg["defaults"]
    return cfg


# ---- simclr/modules ---------------------------------------------------------------------------------
class Identity(nn.Module):
    def __init__(self):
        super(Identity, self).__init__()

    def forward(self, x):
        return x


def get_resnet(name, pretrained=False):
    resnets = {
        "resnet18": torchvision.models.resnet18(weights=None),
    }
    if name not in resnets.keys():
        raise KeyError(f"{name} is not a valid ResNet version")
    return resnets[name]


def modify_resnet_model(model, *, cifar_stem=True, v1=True):
    assert isinstance(model, ResNet), "model must be a ResNet instance"
    if cifar_stem:
        conv1 = nn.Conv2d(3, 64, kernel_size=3, stride=1, padding=1, bias=False)
        nn.init.kaiming_normal_(conv1.weight, mode="fan_out", nonlinearity="relu")
        model.conv1 = conv1
        model.maxpool = nn.Identity()
    if v1:
        # torchvision's Bottleneck strides in its 3x3 conv (v1.5); v1 strides in the 1x1
        for l in range(2, 5):
            layer = getattr(model, "layer{}".format(l))
            block = list(layer.children())[0]
            if isinstance(block, Bottleneck):
                assert block.conv1.kernel_size == (1, 1) and block.conv1.stride == (1, 1)
                assert block.conv2.kernel_size == (3, 3) and block.conv2.stride == (2, 2)
                assert block.conv2.dilation == (1, 1), "Currently, only models with dilation=1 are supported"
                block.conv1.stride = (2, 2)
                block.conv2.stride = (1, 1)
    return model


class NT_Xent(nn.Module):
    def __init__(self, batch_size, temperature, world_size):
        super(NT_Xent, self).__init__()
        self.batch_size = batch_size
        self.temperature = temperature
        self.world_size = world_size
        self.mask = self.mask_correlated_samples(batch_size, world_size)
        self.criterion = nn.CrossEntropyLoss(reduction="sum")
        self.similarity_f = nn.CosineSimilarity(dim=2)

    def mask_correlated_samples(self, batch_size, world_size):
        N = 2 * batch_size * world_size
        mask = torch.ones((N, N), dtype=bool)
        mask = mask.fill_diagonal_(0)
        for i in range(batch_size * world_size):
            mask[i, batch_size * world_size + i] = 0
            mask[batch_size * world_size + i, i] = 0
        return mask

    def forward(self, z_i, z_j):
        # the other 2(N - 1) augmented examples of the batch are the negatives
        N = 2 * self.batch_size * self.world_size
        z = torch.cat((z_i, z_j), dim=0)
        sim = self.similarity_f(z.unsqueeze(1), z.unsqueeze(0)) / self.temperature
        sim_i_j = torch.diag(sim, self.batch_size * self.world_size)
        sim_j_i = torch.diag(sim, -self.batch_size * self.world_size)
        positive_samples = torch.cat((sim_i_j, sim_j_i), dim=0).reshape(N, 1)
        negative_samples = sim[self.mask].reshape(N, -1)
        labels = torch.zeros(N).to(positive_samples.device).long()
        logits = torch.cat((positive_samples, negative_samples), dim=1)
        loss = self.criterion(logits, labels)
        loss /= N
        return loss


class LogisticRegression(nn.Module):
    def __init__(self, n_features, n_classes):
        super(LogisticRegression, self).__init__()
        self.model = nn.Linear(n_features, n_classes)

    def forward(self, x):
        return self.model(x)


class TransformsSimCLR:
    # two correlated random views of one image: a positive pair
    def __init__(self, size):
        s = 1
        color_jitter = torchvision.transforms.ColorJitter(0.8 * s, 0.8 * s, 0.8 * s, 0.2 * s)
        self.train_transform = torchvision.transforms.Compose([
            torchvision.transforms.RandomResizedCrop(size=size),
            torchvision.transforms.RandomHorizontalFlip(),
            torchvision.transforms.RandomApply([color_jitter], p=0.8),
            torchvision.transforms.RandomGrayscale(p=0.2),
            torchvision.transforms.ToTensor(),
        ])
        self.test_transform = torchvision.transforms.Compose([
            torchvision.transforms.Resize(size=size),
            torchvision.transforms.ToTensor(),
        ])

    def __call__(self, x):
        return self.train_transform(x), self.train_transform(x)


# ---- simclr/simclr.py -------------------------------------------------------------------------------
class SimCLR(nn.Module):
    def __init__(self, encoder, projection_dim, n_features):
        super(SimCLR, self).__init__()
        self.encoder = encoder
        self.n_features = n_features
        self.encoder.fc = Identity()
        self.projector = nn.Sequential(
            nn.Linear(self.n_features, self.n_features, bias=False),
            nn.ReLU(),
            nn.Linear(self.n_features, projection_dim, bias=False),
        )

    def forward(self, x_i, x_j):
        h_i = self.encoder(x_i)
        h_j = self.encoder(x_j)
        z_i = self.projector(h_i)
        z_j = self.projector(h_j)
        return h_i, h_j, z_i, z_j


# ---- model.py ---------------------------------------------------------------------------------------
def load_optimizer(args, model):
    scheduler = None
    if args.optimizer == "Adam":
        optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    else:
        raise NotImplementedError
    return optimizer, scheduler


def save_model(args, model, optimizer):
    out = os.path.join(args.model_path, "checkpoint_{}.tar".format(args.current_epoch))
    if isinstance(model, torch.nn.DataParallel):
        torch.save(model.module.state_dict(), out)
    else:
        torch.save(model.state_dict(), out)


# ---- main.py ----------------------------------------------------------------------------------------
def train(args, train_loader, model, criterion, optimizer):
    loss_epoch = 0
    for step, ((x_i, x_j), _) in enumerate(train_loader):
        optimizer.zero_grad()
        h_i, h_j, z_i, z_j = model(x_i, x_j)
        loss = criterion(z_i, z_j)
        loss.backward()
        optimizer.step()
        if args.nr == 0 and step % 50 == 0:
            print(f"Step [{step}/{len(train_loader)}]\t Loss: {loss.item():.4f}")
        args.global_step += 1
        loss_epoch += loss.item()
    return loss_epoch


# ---- linear_evaluation.py ---------------------------------------------------------------------------
def inference(loader, simclr_model, device):
    feature_vector = []
    labels_vector = []
    for step, (x, y) in enumerate(loader):
        x = x.to(device)
        with torch.no_grad():
            h, _, z, _ = simclr_model(x, x)
        h = h.detach()
        feature_vector.extend(h.cpu().detach().numpy())
        labels_vector.extend(y.numpy())
        if step % 20 == 0:
            print(f"Step [{step}/{len(loader)}]\t Computing features...")
    feature_vector = np.array(feature_vector)
    labels_vector = np.array(labels_vector)
    print("Features shape {}".format(feature_vector.shape))
    return feature_vector, labels_vector


def create_data_loaders_from_arrays(X_train, y_train, X_test, y_test, batch_size):
    train = torch.utils.data.TensorDataset(torch.from_numpy(X_train), torch.from_numpy(y_train))
    train_loader = torch.utils.data.DataLoader(train, batch_size=batch_size, shuffle=False)
    test = torch.utils.data.TensorDataset(torch.from_numpy(X_test), torch.from_numpy(y_test))
    test_loader = torch.utils.data.DataLoader(test, batch_size=batch_size, shuffle=False)
    return train_loader, test_loader


def train_logistic(args, loader, model, criterion, optimizer):
    loss_epoch = 0
    accuracy_epoch = 0
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        output = model(x)
        loss = criterion(output, y)
        predicted = output.argmax(1)
        acc = (predicted == y).sum().item() / y.size(0)
        accuracy_epoch += acc
        loss.backward()
        optimizer.step()
        loss_epoch += loss.item()
    return loss_epoch, accuracy_epoch


def test_logistic(args, loader, model, criterion):
    loss_epoch = 0
    accuracy_epoch = 0
    model.eval()
    for step, (x, y) in enumerate(loader):
        model.zero_grad()
        output = model(x)
        loss = criterion(output, y)
        predicted = output.argmax(1)
        acc = (predicted == y).sum().item() / y.size(0)
        accuracy_epoch += acc
        loss_epoch += loss.item()
    return loss_epoch, accuracy_epoch


CONFIG_YAML = """# distributed training
nodes: 1
gpus: 1 # I recommend always assigning 1 GPU to 1 node
nr: 0 # machine nr. in node (0 -- nodes - 1)
dataparallel: 0 # Use DataParallel instead of DistributedDataParallel
workers: 0

# train options
seed: 42 # sacred handles automatic seeding when passed in the config
batch_size: 4
image_size: 16
start_epoch: 0
epochs: 2
dataset: "CIFAR10" # STL10
pretrain: True

# model options
resnet: "resnet18"
projection_dim: 16 # "[...] to project the representation to a 128-dimensional latent space"

# loss options
optimizer: "Adam" # or LARS (experimental)
weight_decay: 1.0e-6 # "optimized using LARS [...] and weight decay of 10-6"
temperature: 0.5 # see appendix B.7.: Optimal temperature under different batch sizes

# reload options
model_path: "save" # set to the directory containing `checkpoint_##.tar`
epoch_num: 1 # set to checkpoint number
reload: False

defaults:
  - logistic: small
"""

LOGISTIC_YAML = """# logistic regression options
logistic_batch_size: 8
logistic_epochs: 3
"""


def main():
    workdir = tempfile.mkdtemp()
    os.chdir(workdir)
    os.makedirs(os.path.join("config", "logistic"))
    with open(os.path.join("config", "config.yaml"), "w") as f:
        f.write(CONFIG_YAML)
    with open(os.path.join("config", "logistic", "small.yaml"), "w") as f:
        f.write(LOGISTIC_YAML)

    parser = argparse.ArgumentParser(description="SimCLR")
    config = yaml_config_hook("./config/config.yaml")
    for k, v in config.items():
        parser.add_argument(f"--{k}", default=v, type=type(v))
    args = parser.parse_args(["--temperature", "0.5", "--epochs", "2"])
    args.device = torch.device("cpu")
    args.world_size = args.gpus * args.nodes
    print({k: (v, type(v).__name__) for k, v in sorted(vars(args).items()) if k != "device"})
    os.makedirs(args.model_path, exist_ok=True)

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    train_dataset = torchvision.datasets.FakeData(size=16, image_size=(3, 24, 24), num_classes=4,
                                                  transform=TransformsSimCLR(size=args.image_size))
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True,
                                               drop_last=True, num_workers=args.workers)
    encoder = modify_resnet_model(get_resnet(args.resnet, pretrained=False))
    n_features = encoder.fc.in_features
    model = SimCLR(encoder, args.projection_dim, n_features)
    model = model.to(args.device)
    print("encoder stem:", model.encoder.conv1, type(model.encoder.maxpool).__name__,
          type(model.encoder.fc).__name__)
    optimizer, scheduler = load_optimizer(args, model)
    criterion = NT_Xent(args.batch_size, args.temperature, args.world_size)
    print("mask:", criterion.mask.dtype, int(criterion.mask.sum()), criterion.mask[0].tolist())

    args.global_step = 0
    args.current_epoch = 0
    for epoch in range(args.start_epoch, args.epochs):
        lr = optimizer.param_groups[0]["lr"]
        loss_epoch = train(args, train_loader, model, criterion, optimizer)
        if args.nr == 0 and epoch % 10 == 0:
            save_model(args, model, optimizer)
        print(f"Epoch [{epoch}/{args.epochs}]\t Loss: {loss_epoch / len(train_loader):.4f}\t lr: {round(lr, 5)}")
        args.current_epoch += 1
    print("saved:", sorted(os.listdir(args.model_path)))

    # linear evaluation on the frozen encoder
    simclr_model = SimCLR(modify_resnet_model(get_resnet(args.resnet, pretrained=False)), args.projection_dim,
                          n_features)
    model_fp = os.path.join(args.model_path, "checkpoint_{}.tar".format(0))
    simclr_model.load_state_dict(torch.load(model_fp, map_location=args.device.type))
    simclr_model = simclr_model.to(args.device)
    simclr_model.eval()
    eval_transform = TransformsSimCLR(size=args.image_size).test_transform
    train_set = torchvision.datasets.FakeData(size=16, image_size=(3, 24, 24), num_classes=4,
                                              transform=eval_transform, random_offset=100)
    test_set = torchvision.datasets.FakeData(size=8, image_size=(3, 24, 24), num_classes=4,
                                             transform=eval_transform, random_offset=200)
    train_loader = torch.utils.data.DataLoader(train_set, batch_size=args.logistic_batch_size, shuffle=True,
                                               drop_last=True)
    test_loader = torch.utils.data.DataLoader(test_set, batch_size=args.logistic_batch_size, shuffle=False,
                                              drop_last=True)
    n_classes = 4
    model = LogisticRegression(simclr_model.n_features, n_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    criterion = torch.nn.CrossEntropyLoss()
    print("### Creating features from pre-trained context model ###")
    train_X, train_y = inference(train_loader, simclr_model, args.device)
    test_X, test_y = inference(test_loader, simclr_model, args.device)
    print(train_X.dtype, train_y.dtype, "feature mean %.4f" % float(train_X.mean()))
    arr_train_loader, arr_test_loader = create_data_loaders_from_arrays(
        train_X, train_y, test_X, test_y, args.logistic_batch_size)
    for epoch in range(args.logistic_epochs):
        loss_epoch, accuracy_epoch = train_logistic(args, arr_train_loader, model, criterion, optimizer)
        print(f"Epoch [{epoch}/{args.logistic_epochs}]\t Loss: {loss_epoch / len(arr_train_loader):.4f}\t "
              f"Accuracy: {accuracy_epoch / len(arr_train_loader):.4f}")
    loss_epoch, accuracy_epoch = test_logistic(args, arr_test_loader, model, criterion)
    print(f"[FINAL]\t Loss: {loss_epoch / len(arr_test_loader):.4f}\t "
          f"Accuracy: {accuracy_epoch / len(arr_test_loader):.4f}")


if __name__ == "__main__":
    main()
