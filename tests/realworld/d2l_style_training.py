# d2l-style object-oriented training: the workflow of d2l-ai/d2l-en (d2l/torch.py: HyperParameters,
# Module, DataModule, Trainer, SyntheticRegressionData, Classifier, Accumulator; chapters
# linear-regression-scratch/-concise, softmax-regression-concise, mlp-implementation, lenet,
# weight-decay) @ 23d7a5ae, written for Kiln at a size that runs in seconds. Changes from the origin:
# no plotting (ProgressBoard's draw is replaced by recording the values), synthetic image data instead
# of Fashion-MNIST, fewer epochs. Exercises: save_hyperparameters through inspect.currentframe() /
# getargvalues, add_to_class, nn.LazyLinear / LazyConv2d / LazyBatchNorm2d materialized by a dummy
# forward (apply_init), configure_optimizers before the first forward, d2l's from-scratch SGD,
# weight decay via optimizer param groups, torch.utils.data.TensorDataset loaders, axis=/keepdims=.
import inspect
import random
import time

import torch
from torch import nn
from torch.nn import functional as F


def add_to_class(Class):
    """Register functions as methods in created class."""
    def wrapper(obj):
        setattr(Class, obj.__name__, obj)
    return wrapper


class HyperParameters:
    """The base class of hyperparameters."""
    def save_hyperparameters(self, ignore=[]):
        frame = inspect.currentframe().f_back
        _, _, _, local_vars = inspect.getargvalues(frame)
        self.hparams = {k: v for k, v in local_vars.items()
                        if k not in set(ignore + ['self']) and not k.startswith('_')}
        for k, v in self.hparams.items():
            setattr(self, k, v)


class ProgressBoard(HyperParameters):
    """Records the points d2l would plot."""
    def __init__(self, xlabel=None, ylabel=None, display=True):
        self.save_hyperparameters()
        self.points = {}

    def draw(self, x, y, label, every_n=1):
        self.points.setdefault(label, []).append((x, y))


class Module(nn.Module, HyperParameters):
    """The base class of models."""
    def __init__(self, plot_train_per_epoch=2, plot_valid_per_epoch=1):
        super().__init__()
        self.save_hyperparameters()
        self.board = ProgressBoard()

    def loss(self, y_hat, y):
        raise NotImplementedError

    def forward(self, X):
        assert hasattr(self, 'net'), 'Neural network is defined'
        return self.net(X)

    def plot(self, key, value, train):
        assert hasattr(self, 'trainer'), 'Trainer is not inited'
        self.board.xlabel = 'epoch'
        if train:
            x = self.trainer.train_batch_idx / self.trainer.num_train_batches
            n = self.trainer.num_train_batches / self.plot_train_per_epoch
        else:
            x = self.trainer.epoch + 1
            n = self.trainer.num_val_batches / self.plot_valid_per_epoch
        self.board.draw(x, value.to('cpu').detach().numpy().item(), ('train_' if train else 'val_') + key,
                        every_n=int(n))

    def training_step(self, batch):
        l = self.loss(self(*batch[:-1]), batch[-1])
        self.plot('loss', l, train=True)
        return l

    def validation_step(self, batch):
        l = self.loss(self(*batch[:-1]), batch[-1])
        self.plot('loss', l, train=False)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.lr)

    def apply_init(self, inputs, init=None):
        self.forward(*inputs)
        if init is not None:
            self.net.apply(init)


class DataModule(HyperParameters):
    """The base class of data."""
    def __init__(self, root='../data', num_workers=4):
        self.save_hyperparameters()

    def get_dataloader(self, train):
        raise NotImplementedError

    def train_dataloader(self):
        return self.get_dataloader(train=True)

    def val_dataloader(self):
        return self.get_dataloader(train=False)

    def get_tensorloader(self, tensors, train, indices=slice(0, None)):
        tensors = tuple(a[indices] for a in tensors)
        dataset = torch.utils.data.TensorDataset(*tensors)
        return torch.utils.data.DataLoader(dataset, self.batch_size, shuffle=train)


class Trainer(HyperParameters):
    """The base class for training models with data."""
    def __init__(self, max_epochs, num_gpus=0, gradient_clip_val=0):
        self.save_hyperparameters()
        assert num_gpus == 0, 'No GPU support yet'

    def prepare_data(self, data):
        self.train_dataloader = data.train_dataloader()
        self.val_dataloader = data.val_dataloader()
        self.num_train_batches = len(self.train_dataloader)
        self.num_val_batches = (len(self.val_dataloader) if self.val_dataloader is not None else 0)

    def prepare_model(self, model):
        model.trainer = self
        model.board.xlim = [0, self.max_epochs]
        self.model = model

    def fit(self, model, data):
        self.prepare_data(data)
        self.prepare_model(model)
        self.optim = model.configure_optimizers()
        self.epoch = 0
        self.train_batch_idx = 0
        self.val_batch_idx = 0
        for self.epoch in range(self.max_epochs):
            self.fit_epoch()

    def prepare_batch(self, batch):
        return batch

    def fit_epoch(self):
        self.model.train()
        for batch in self.train_dataloader:
            loss = self.model.training_step(self.prepare_batch(batch))
            self.optim.zero_grad()
            with torch.no_grad():
                loss.backward()
                if self.gradient_clip_val > 0:
                    self.clip_gradients(self.gradient_clip_val, self.model)
                self.optim.step()
            self.train_batch_idx += 1
        if self.val_dataloader is None:
            return
        self.model.eval()
        for batch in self.val_dataloader:
            with torch.no_grad():
                self.model.validation_step(self.prepare_batch(batch))
            self.val_batch_idx += 1

    def clip_gradients(self, grad_clip_val, model):
        params = [p for p in model.parameters() if p.requires_grad]
        norm = torch.sqrt(sum(torch.sum((p.grad ** 2)) for p in params))
        if norm > grad_clip_val:
            for param in params:
                param.grad[:] *= grad_clip_val / norm


class SyntheticRegressionData(DataModule):
    """Synthetic data for linear regression."""
    def __init__(self, w, b, noise=0.01, num_train=1000, num_val=1000, batch_size=32):
        super().__init__()
        self.save_hyperparameters()
        n = num_train + num_val
        self.X = torch.randn(n, len(w))
        noise = torch.randn(n, 1) * noise
        self.y = torch.matmul(self.X, w.reshape((-1, 1))) + b + noise

    def get_dataloader(self, train):
        i = slice(0, self.num_train) if train else slice(self.num_train, None)
        return self.get_tensorloader((self.X, self.y), train, i)


class SGD(HyperParameters):
    """Minibatch stochastic gradient descent."""
    def __init__(self, params, lr):
        self.save_hyperparameters()

    def step(self):
        for param in self.params:
            param -= self.lr * param.grad

    def zero_grad(self):
        for param in self.params:
            if param.grad is not None:
                param.grad.zero_()


class LinearRegressionScratch(Module):
    """The linear regression model implemented from scratch."""
    def __init__(self, num_inputs, lr, sigma=0.01):
        super().__init__()
        self.save_hyperparameters()
        self.w = torch.normal(0, sigma, (num_inputs, 1), requires_grad=True)
        self.b = torch.zeros(1, requires_grad=True)


@add_to_class(LinearRegressionScratch)
def forward(self, X):
    return torch.matmul(X, self.w) + self.b


@add_to_class(LinearRegressionScratch)
def loss(self, y_hat, y):
    l = (y_hat - y) ** 2 / 2
    return l.mean()


@add_to_class(LinearRegressionScratch)
def configure_optimizers(self):
    return SGD([self.w, self.b], self.lr)


class LinearRegression(Module):
    """The linear regression model implemented with high-level APIs."""
    def __init__(self, lr):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.LazyLinear(1)
        self.net.weight.data.normal_(0, 0.01)
        self.net.bias.data.fill_(0)

    def forward(self, X):
        return self.net(X)

    def loss(self, y_hat, y):
        fn = nn.MSELoss()
        return fn(y_hat, y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), self.lr)

    def get_w_b(self):
        return (self.net.weight.data, self.net.bias.data)


class WeightDecay(LinearRegression):
    def __init__(self, wd, lr):
        super().__init__(lr)
        self.save_hyperparameters()
        self.wd = wd

    def configure_optimizers(self):
        return torch.optim.SGD([
            {'params': self.net.weight, 'weight_decay': self.wd},
            {'params': self.net.bias}], lr=self.lr)


class Classifier(Module):
    """The base class of classification models."""
    def validation_step(self, batch):
        Y_hat = self(*batch[:-1])
        self.plot('loss', self.loss(Y_hat, batch[-1]), train=False)
        self.plot('acc', self.accuracy(Y_hat, batch[-1]), train=False)

    def accuracy(self, Y_hat, Y, averaged=True):
        """Compute the number of correct predictions."""
        Y_hat = Y_hat.reshape((-1, Y_hat.shape[-1]))
        preds = Y_hat.argmax(axis=1).type(Y.dtype)
        compare = (preds == Y.reshape(-1)).type(torch.float32)
        return compare.mean() if averaged else compare

    def loss(self, Y_hat, Y, averaged=True):
        Y_hat = Y_hat.reshape((-1, Y_hat.shape[-1]))
        Y = Y.reshape((-1,))
        return F.cross_entropy(Y_hat, Y, reduction='mean' if averaged else 'none')


class SyntheticImages(DataModule):
    """Stands in for d2l.FashionMNIST: class-dependent 1x16x16 images."""
    def __init__(self, batch_size=32, num_train=192, num_val=64):
        super().__init__()
        self.save_hyperparameters()
        n = num_train + num_val
        self.y = torch.randint(0, 10, (n,))
        centers = torch.randn(10, 1, 16, 16)
        self.X = centers[self.y] + 0.5 * torch.randn(n, 1, 16, 16)

    def get_dataloader(self, train):
        i = slice(0, self.num_train) if train else slice(self.num_train, None)
        return self.get_tensorloader((self.X, self.y), train, i)

    def text_labels(self, indices):
        labels = ['t-shirt', 'trouser', 'pullover', 'dress', 'coat', 'sandal', 'shirt', 'sneaker', 'bag', 'ankle boot']
        return [labels[int(i)] for i in indices]


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdims=True)
    return X_exp / partition


class SoftmaxRegressionScratch(Classifier):
    def __init__(self, num_inputs, num_outputs, lr, sigma=0.01):
        super().__init__()
        self.save_hyperparameters()
        self.W = torch.normal(0, sigma, size=(num_inputs, num_outputs), requires_grad=True)
        self.b = torch.zeros(num_outputs, requires_grad=True)

    def parameters(self):
        return [self.W, self.b]

    def forward(self, X):
        X = X.reshape((-1, self.W.shape[0]))
        return softmax(torch.matmul(X, self.W) + self.b)

    def loss(self, y_hat, y):
        return -torch.log(y_hat[list(range(len(y_hat))), y]).mean()


class MLP(Classifier):
    def __init__(self, num_outputs, num_hiddens, lr, dropout=0.1):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.Sequential(nn.Flatten(), nn.LazyLinear(num_hiddens), nn.ReLU(), nn.Dropout(dropout),
                                 nn.LazyLinear(num_outputs))


def init_cnn(module):
    """Initialize weights for CNNs."""
    if type(module) == nn.Linear or type(module) == nn.Conv2d:
        nn.init.xavier_uniform_(module.weight)


class LeNet(Classifier):
    """The LeNet-5 model, with batch normalization (d2l's BNLeNet)."""
    def __init__(self, lr=0.1, num_classes=10):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.Sequential(
            nn.LazyConv2d(6, kernel_size=5, padding=2), nn.LazyBatchNorm2d(), nn.Sigmoid(),
            nn.AvgPool2d(kernel_size=2, stride=2),
            nn.LazyConv2d(16, kernel_size=5), nn.LazyBatchNorm2d(), nn.Sigmoid(),
            nn.AvgPool2d(kernel_size=2, stride=2), nn.Flatten(),
            nn.LazyLinear(48), nn.Sigmoid(), nn.LazyLinear(num_classes))

    def layer_summary(self, X_shape):
        X = torch.randn(*X_shape)
        for layer in self.net:
            X = layer(X)
            print(layer.__class__.__name__, 'output shape:\t', X.shape)


class Accumulator:
    """For accumulating sums over n variables."""
    def __init__(self, n):
        self.data = [0.0] * n

    def add(self, *args):
        self.data = [a + float(b) for a, b in zip(self.data, args)]

    def reset(self):
        self.data = [0.0] * len(self.data)

    def __getitem__(self, idx):
        return self.data[idx]


class Timer:
    """Record multiple running times."""
    def __init__(self):
        self.times = []
        self.start()

    def start(self):
        self.tik = time.time()

    def stop(self):
        self.times.append(time.time() - self.tik)
        return self.times[-1]

    def sum(self):
        return sum(self.times)


def evaluate_accuracy(model, data_iter):
    model.eval()
    metric = Accumulator(2)
    with torch.no_grad():
        for X, y in data_iter:
            metric.add(model.accuracy(model(X), y, averaged=False).sum(), y.numel())
    return metric[0] / metric[1]


def last(board, key):
    return f'{board.points[key][-1][1]:.4f}'


torch.manual_seed(0)
random.seed(0)

# linear regression from scratch and concise
data = SyntheticRegressionData(w=torch.tensor([2, -3.4]), b=4.2, num_train=256, num_val=64)
print('hparams:', sorted(k for k in data.hparams), data.batch_size, data.noise)
model = LinearRegressionScratch(2, lr=0.1)
print('model hparams:', sorted(model.hparams.items()))
trainer = Trainer(max_epochs=6)
trainer.fit(model, data)
with torch.no_grad():
    print(f'error in estimating w: {(data.w - model.w.reshape(data.w.shape)).abs().max().item() < 0.1}')
    print(f'error in estimating b: {abs(data.b - model.b.item()) < 0.1}')
print('train loss', last(model.board, 'train_loss'), 'val', last(model.board, 'val_loss'))

model = LinearRegression(lr=0.1)
print(model.net, type(model.net.weight).__name__)
trainer = Trainer(max_epochs=6)
trainer.fit(model, data)
w, b = model.get_w_b()
print(type(model.net).__name__, w.shape, (w.reshape(-1) - data.w).abs().max().item() < 0.1,
      abs(b.item() - 4.2) < 0.1)

wd = WeightDecay(wd=3, lr=0.01)
trainer = Trainer(max_epochs=2)
trainer.fit(wd, data)
print('weight decay groups:', [g['weight_decay'] for g in trainer.optim.param_groups],
      f'L2 norm of w: {float(wd.get_w_b()[0].norm()):.4f}')

# classification: softmax from scratch, MLP and BN-LeNet with lazy layers
images = SyntheticImages(batch_size=32)
X, y = next(iter(images.train_dataloader()))
print(X.shape, X.dtype, y.shape, y.dtype, images.text_labels(y[:3]))
X = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(X.sum(0, keepdims=True), X.sum(1, keepdims=True))
X_prob = softmax(torch.rand((2, 5)))
print(X_prob.shape, X_prob.sum(1).round(decimals=4))

model = SoftmaxRegressionScratch(num_inputs=256, num_outputs=10, lr=0.1)
trainer = Trainer(max_epochs=3)
trainer.fit(model, images)
print('softmax val acc', last(model.board, 'val_acc'), 'loss', last(model.board, 'val_loss'))

model = MLP(num_outputs=10, num_hiddens=64, lr=0.1)
trainer = Trainer(max_epochs=3)
trainer.fit(model, images)
print(model.net)
print('mlp val acc', last(model.board, 'val_acc'), f'{evaluate_accuracy(model, images.val_dataloader()):.4f}')

model = LeNet(lr=0.1)
model.apply_init([next(iter(images.get_dataloader(True)))[0]], init_cnn)
model.layer_summary((1, 1, 16, 16))
trainer = Trainer(max_epochs=2, gradient_clip_val=1)
timer = Timer()
trainer.fit(model, images)
timer.stop()
print('lenet train loss', last(model.board, 'train_loss'), 'val acc', last(model.board, 'val_acc'))
print('points recorded:', {k: len(v) for k, v in sorted(model.board.points.items())})
print('trainer hparams:', sorted(trainer.hparams.items()), timer.sum() >= 0)
