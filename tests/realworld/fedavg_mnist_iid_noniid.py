# Federated averaging (FedAvg) simulated on one machine, IID and non-IID client splits.
#
# Origin (workflow reproduced): shaoxiongji/federated-learning main_fed.py @ 885c93e9,
# utils/options.py @ 885c93e9, utils/sampling.py @ 01d623de (mnist_iid: clients drawn with
# np.random.choice into sets of NumPy ints, the pool shrunk by set difference; mnist_noniid:
# label-sorted shards through np.vstack, two random shards per client concatenated into float
# arrays), models/Update.py @ ad6d0890 (DatasetSplit over list(set) indices, LocalUpdate.train with
# SGD momentum returning net.state_dict()), models/Fed.py @ 21a19e2e (FedAvg over deep-copied state
# dicts with torch.div), models/Nets.py @ 5ffe3e31 (MLP, CNNMnist with Dropout2d), models/test.py @
# 40a90606 (test_img returning a tensor accuracy formatted with {:.2f}); the per-round
# "Round {:3d}, Average loss {:.3f}" log, the all_clients variant, the loss curve through matplotlib.
# Changes for Kiln's corpus: MNIST replaced by a 600 + 200 image synthetic MNIST-shaped data set
# (class-dependent stroke patterns plus noise, a `train_labels` attribute as old torchvision had);
# 20 shards of 30 images instead of 200 of 300; 10 clients, 3 rounds, 1 local epoch; the label sort
# in mnist_noniid uses argsort(kind="stable") (NumPy's default sort orders equal labels
# differently per machine); the figure goes to a temporary directory.

import argparse
import copy
import os
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F
from sklearn import metrics
from torch import nn
from torch.utils.data import DataLoader, Dataset


# ---------------------------------------------------------------- utils/options.py
def args_parser(argv):
    parser = argparse.ArgumentParser()
    # federated arguments
    parser.add_argument("--epochs", type=int, default=10, help="rounds of training")
    parser.add_argument("--num_users", type=int, default=100, help="number of users: K")
    parser.add_argument("--frac", type=float, default=0.1, help="the fraction of clients: C")
    parser.add_argument("--local_ep", type=int, default=5, help="the number of local epochs: E")
    parser.add_argument("--local_bs", type=int, default=10, help="local batch size: B")
    parser.add_argument("--bs", type=int, default=128, help="test batch size")
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
    parser.add_argument("--momentum", type=float, default=0.5, help="SGD momentum (default: 0.5)")
    parser.add_argument("--split", type=str, default="user", help="train-test split type, user or sample")
    # model arguments
    parser.add_argument("--model", type=str, default="mlp", help="model name")
    parser.add_argument("--kernel_num", type=int, default=9, help="number of each kind of kernel")
    parser.add_argument("--kernel_sizes", type=str, default="3,4,5",
                        help="comma-separated kernel size to use for convolution")
    parser.add_argument("--norm", type=str, default="batch_norm", help="batch_norm, layer_norm, or None")
    parser.add_argument("--num_filters", type=int, default=32, help="number of filters for conv nets")
    parser.add_argument("--max_pool", type=str, default="True",
                        help="Whether use max pooling rather than strided convolutions")
    # other arguments
    parser.add_argument("--dataset", type=str, default="mnist", help="name of dataset")
    parser.add_argument("--iid", action="store_true", help="whether i.i.d or not")
    parser.add_argument("--num_classes", type=int, default=10, help="number of classes")
    parser.add_argument("--num_channels", type=int, default=3, help="number of channels of imges")
    parser.add_argument("--gpu", type=int, default=0, help="GPU ID, -1 for CPU")
    parser.add_argument("--stopping_rounds", type=int, default=10, help="rounds of early stopping")
    parser.add_argument("--verbose", action="store_true", help="verbose print")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--all_clients", action="store_true", help="aggregation over all clients")
    args = parser.parse_args(argv)
    return args


# ---------------------------------------------------------------- synthetic MNIST
class SyntheticMNIST(Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.targets = torch.randint(0, 10, (n,), generator=g)
        base = torch.zeros(10, 28, 28)
        for c in range(10):
            base[c, 4 + 2 * c:8 + 2 * c, 4:24] = 1.0
            base[c, 4:24, 3 + 2 * c:5 + 2 * c] = 0.7
        noise = 0.8 * torch.rand(n, 28, 28, generator=g)
        self.data = ((0.6 * base[self.targets] + noise).clamp(0, 1) * 255).to(torch.uint8)
        self.mean, self.std = 0.1307, 0.3081

    @property
    def train_labels(self):
        return self.targets

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, index):
        img = self.data[index].float().div(255).unsqueeze(0)
        return (img - self.mean) / self.std, int(self.targets[index])


# ---------------------------------------------------------------- utils/sampling.py
def mnist_iid(dataset, num_users):
    """Sample I.I.D. client data from MNIST dataset: dict of image index"""
    num_items = int(len(dataset) / num_users)
    dict_users, all_idxs = {}, [i for i in range(len(dataset))]
    for i in range(num_users):
        dict_users[i] = set(np.random.choice(all_idxs, num_items, replace=False))
        all_idxs = list(set(all_idxs) - dict_users[i])
    return dict_users


def mnist_noniid(dataset, num_users, num_shards=20, num_imgs=30):
    """Sample non-I.I.D client data from MNIST dataset"""
    idx_shard = [i for i in range(num_shards)]
    dict_users = {i: np.array([], dtype="int64") for i in range(num_users)}
    idxs = np.arange(num_shards * num_imgs)
    labels = dataset.train_labels.numpy()

    # sort labels
    idxs_labels = np.vstack((idxs, labels))
    idxs_labels = idxs_labels[:, idxs_labels[1, :].argsort(kind="stable")]
    idxs = idxs_labels[0, :]

    # divide and assign
    for i in range(num_users):
        rand_set = set(np.random.choice(idx_shard, 2, replace=False))
        idx_shard = list(set(idx_shard) - rand_set)
        for rand in rand_set:
            dict_users[i] = np.concatenate((dict_users[i], idxs[rand * num_imgs:(rand + 1) * num_imgs]), axis=0)
    return dict_users


# ---------------------------------------------------------------- models
class MLP(nn.Module):
    def __init__(self, dim_in, dim_hidden, dim_out):
        super(MLP, self).__init__()
        self.layer_input = nn.Linear(dim_in, dim_hidden)
        self.relu = nn.ReLU()
        self.dropout = nn.Dropout()
        self.layer_hidden = nn.Linear(dim_hidden, dim_out)

    def forward(self, x):
        x = x.view(-1, x.shape[1] * x.shape[-2] * x.shape[-1])
        x = self.layer_input(x)
        x = self.dropout(x)
        x = self.relu(x)
        x = self.layer_hidden(x)
        return x


class CNNMnist(nn.Module):
    def __init__(self, args):
        super(CNNMnist, self).__init__()
        self.conv1 = nn.Conv2d(args.num_channels, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, args.num_classes)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, x.shape[1] * x.shape[2] * x.shape[3])
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return x


class DatasetSplit(Dataset):
    def __init__(self, dataset, idxs):
        self.dataset = dataset
        self.idxs = list(idxs)

    def __len__(self):
        return len(self.idxs)

    def __getitem__(self, item):
        image, label = self.dataset[self.idxs[item]]
        return image, label


class LocalUpdate(object):
    def __init__(self, args, dataset=None, idxs=None):
        self.args = args
        self.loss_func = nn.CrossEntropyLoss()
        self.selected_clients = []
        self.ldr_train = DataLoader(DatasetSplit(dataset, idxs), batch_size=self.args.local_bs, shuffle=True)

    def train(self, net):
        net.train()
        # train and update
        optimizer = torch.optim.SGD(net.parameters(), lr=self.args.lr, momentum=self.args.momentum)

        epoch_loss = []
        for iter in range(self.args.local_ep):
            batch_loss = []
            for batch_idx, (images, labels) in enumerate(self.ldr_train):
                images, labels = images.to(self.args.device), labels.to(self.args.device)
                net.zero_grad()
                log_probs = net(images)
                loss = self.loss_func(log_probs, labels)
                loss.backward()
                optimizer.step()
                if self.args.verbose and batch_idx % 10 == 0:
                    print("Update Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}".format(
                        iter, batch_idx * len(images), len(self.ldr_train.dataset),
                        100.0 * batch_idx / len(self.ldr_train), loss.item()))
                batch_loss.append(loss.item())
            epoch_loss.append(sum(batch_loss) / len(batch_loss))
        return net.state_dict(), sum(epoch_loss) / len(epoch_loss)


def FedAvg(w):
    w_avg = copy.deepcopy(w[0])
    for k in w_avg.keys():
        for i in range(1, len(w)):
            w_avg[k] += w[i][k]
        w_avg[k] = torch.div(w_avg[k], len(w))
    return w_avg


def test_img(net_g, datatest, args):
    net_g.eval()
    # testing
    test_loss = 0
    correct = 0
    data_loader = DataLoader(datatest, batch_size=args.bs)
    l = len(data_loader)
    for idx, (data, target) in enumerate(data_loader):
        log_probs = net_g(data)
        # sum up batch loss
        test_loss += F.cross_entropy(log_probs, target, reduction="sum").item()
        # get the index of the max log-probability
        y_pred = log_probs.data.max(1, keepdim=True)[1]
        correct += y_pred.eq(target.data.view_as(y_pred)).long().cpu().sum()

    test_loss /= len(data_loader.dataset)
    accuracy = 100.00 * correct / len(data_loader.dataset)
    if args.verbose:
        print("\nTest set: Average loss: {:.4f} \nAccuracy: {}/{} ({:.2f}%)\n".format(
            test_loss, correct, len(data_loader.dataset), accuracy))
    return accuracy, test_loss


# ---------------------------------------------------------------- main_fed.py
def main(argv, save_dir):
    # parse args
    args = args_parser(argv)
    args.device = torch.device("cuda:{}".format(args.gpu) if torch.cuda.is_available() and args.gpu != -1 else "cpu")
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)

    # load dataset and split users
    dataset_train = SyntheticMNIST(600, seed=0)
    dataset_test = SyntheticMNIST(200, seed=1)
    # sample users
    if args.iid:
        dict_users = mnist_iid(dataset_train, args.num_users)
    else:
        dict_users = mnist_noniid(dataset_train, args.num_users)
    first = dict_users[0]
    print("client 0:", type(first).__name__, len(first), sorted(int(i) for i in first)[:5],
          "first in order:", [int(i) for i in list(first)[:5]])
    img_size = dataset_train[0][0].shape

    # build model
    if args.model == "cnn" and args.dataset == "mnist":
        net_glob = CNNMnist(args=args).to(args.device)
    elif args.model == "mlp":
        len_in = 1
        for x in img_size:
            len_in *= x
        net_glob = MLP(dim_in=len_in, dim_hidden=200, dim_out=args.num_classes).to(args.device)
    else:
        exit("Error: unrecognized model")
    print(net_glob)
    net_glob.train()

    # copy weights
    w_glob = net_glob.state_dict()

    # training
    loss_train = []
    if args.all_clients:
        print("Aggregation over all clients")
        w_locals = [w_glob for i in range(args.num_users)]
    for iter in range(args.epochs):
        loss_locals = []
        if not args.all_clients:
            w_locals = []
        m = max(int(args.frac * args.num_users), 1)
        idxs_users = np.random.choice(range(args.num_users), m, replace=False)
        for idx in idxs_users:
            local = LocalUpdate(args=args, dataset=dataset_train, idxs=dict_users[idx])
            w, loss = local.train(net=copy.deepcopy(net_glob).to(args.device))
            if args.all_clients:
                w_locals[idx] = copy.deepcopy(w)
            else:
                w_locals.append(copy.deepcopy(w))
            loss_locals.append(copy.deepcopy(loss))
        # update global weights
        w_glob = FedAvg(w_locals)

        # copy weight to net_glob
        net_glob.load_state_dict(w_glob)

        # print loss
        loss_avg = sum(loss_locals) / len(loss_locals)
        print("Round {:3d}, Average loss {:.3f}".format(iter, loss_avg), "clients", idxs_users)
        loss_train.append(loss_avg)

    # plot loss curve
    plt.figure()
    plt.plot(range(len(loss_train)), loss_train)
    plt.ylabel("train_loss")
    name = "fed_{}_{}_{}_C{}_iid{}.png".format(args.dataset, args.model, args.epochs, args.frac, args.iid)
    plt.savefig(os.path.join(save_dir, name))
    print("saved", name)

    # testing
    net_glob.eval()
    acc_train, loss_train = test_img(net_glob, dataset_train, args)
    acc_test, loss_test = test_img(net_glob, dataset_test, args)
    print("Training accuracy: {:.2f}".format(acc_train))
    print("Testing accuracy: {:.2f}".format(acc_test))
    print(type(acc_train).__name__, acc_train.dtype, f"{loss_test:.4f}")
    y_pred = net_glob(torch.stack([dataset_test[i][0] for i in range(16)])).argmax(1)
    print("sklearn accuracy on 16:", metrics.accuracy_score(y_true=dataset_test.targets[:16], y_pred=y_pred))


with tempfile.TemporaryDirectory() as save_dir:
    main(["--dataset", "mnist", "--iid", "--num_channels", "1", "--model", "cnn", "--epochs", "3", "--gpu", "-1",
          "--num_users", "10", "--frac", "0.3", "--local_ep", "1", "--local_bs", "20", "--lr", "0.05"], save_dir)
    main(["--dataset", "mnist", "--num_channels", "1", "--model", "mlp", "--epochs", "3", "--gpu", "-1",
          "--num_users", "10", "--frac", "0.5", "--local_ep", "1", "--local_bs", "20", "--verbose"], save_dir)
    main(["--model", "mlp", "--epochs", "2", "--gpu", "-1", "--num_channels", "1", "--num_users", "5", "--iid",
          "--all_clients", "--local_ep", "1", "--local_bs", "30", "--lr", "0.05"], save_dir)
