# Real-program corpus (tests/realworld, see README.md): the shape of davidtvs/pytorch-lr-finder
# (torch_lr_finder/lr_finder.py and tests/{task,model,dataset}.py @ 76df3050), the learning-rate range
# test of Leslie Smith / fastai. It exercises `from tqdm.autonotebook import tqdm`, subclasses of
# torch.optim.lr_scheduler._LRScheduler (linear and exponential schedules through get_lr and
# last_epoch), a state cacher that keeps model/optimizer state_dicts in memory (copy.deepcopy) or on
# disk (torch.save into a cache directory, os.remove at the end), DataLoader wrappers that reset
# themselves on StopIteration (`inputs, labels, *_ = batch`), exponential loss smoothing with a
# divergence stop, gradient accumulation, per-group learning rates for discriminative training, a
# validation pass, reset() restoring the optimizer's learning rates, the XOR data of the tests
# (`np.bitwise_xor.reduce(raw, axis=1)` over np.random.randint bits), a TaskTemplate metaclass whose
# __call__ runs __post_init__, a POS tagger over string batches, and plot(suggest_lr=True), whose
# suggestion is `np.gradient(np.array(losses)).argmin()`, on a matplotlib Axes. Changes: fewer
# iterations, printed histories instead of pictures. Written for Kiln, not copied.
import copy
import os
import tempfile

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import _LRScheduler
from torch.utils.data import DataLoader, Dataset, Subset
from tqdm.autonotebook import tqdm


# --- torch_lr_finder/lr_finder.py ----------------------------------------------------------------------
class DataLoaderIter(object):
    def __init__(self, data_loader):
        self.data_loader = data_loader
        self._iterator = iter(data_loader)

    @property
    def dataset(self):
        return self.data_loader.dataset

    def inputs_labels_from_batch(self, batch_data):
        if not isinstance(batch_data, list) and not isinstance(batch_data, tuple):
            raise ValueError("Your batch type is not supported: {}.".format(type(batch_data)))
        inputs, labels, *_ = batch_data
        return inputs, labels

    def __iter__(self):
        return self

    def __next__(self):
        batch = next(self._iterator)
        return self.inputs_labels_from_batch(batch)


class TrainDataLoaderIter(DataLoaderIter):
    def __init__(self, data_loader, auto_reset=True):
        super().__init__(data_loader)
        self.auto_reset = auto_reset

    def __next__(self):
        try:
            batch = next(self._iterator)
            inputs, labels = self.inputs_labels_from_batch(batch)
        except StopIteration:
            if not self.auto_reset:
                raise
            self._iterator = iter(self.data_loader)
            batch = next(self._iterator)
            inputs, labels = self.inputs_labels_from_batch(batch)
        return inputs, labels


class ValDataLoaderIter(DataLoaderIter):
    def __init__(self, data_loader):
        super().__init__(data_loader)
        self.run_limit = len(self.data_loader)
        self.run_counter = 0

    def __iter__(self):
        if self.run_counter >= self.run_limit:
            self._iterator = iter(self.data_loader)
            self.run_counter = 0
        return self

    def __next__(self):
        self.run_counter += 1
        return super(ValDataLoaderIter, self).__next__()


class LinearLR(_LRScheduler):
    def __init__(self, optimizer, end_lr, num_iter, last_epoch=-1):
        self.end_lr = end_lr
        if num_iter <= 1:
            raise ValueError("`num_iter` must be larger than 1")
        self.num_iter = num_iter
        super(LinearLR, self).__init__(optimizer, last_epoch)

    def get_lr(self):
        r = self.last_epoch / (self.num_iter - 1)
        return [base_lr + r * (self.end_lr - base_lr) for base_lr in self.base_lrs]


class ExponentialLR(_LRScheduler):
    def __init__(self, optimizer, end_lr, num_iter, last_epoch=-1):
        self.end_lr = end_lr
        if num_iter <= 1:
            raise ValueError("`num_iter` must be larger than 1")
        self.num_iter = num_iter
        super(ExponentialLR, self).__init__(optimizer, last_epoch)

    def get_lr(self):
        r = self.last_epoch / (self.num_iter - 1)
        return [base_lr * (self.end_lr / base_lr) ** r for base_lr in self.base_lrs]


class StateCacher(object):
    def __init__(self, in_memory, cache_dir=None):
        self.in_memory = in_memory
        self.cache_dir = cache_dir if cache_dir is not None else tempfile.gettempdir()
        if not os.path.isdir(self.cache_dir):
            raise ValueError("Given `cache_dir` is not a valid directory.")
        self.cached = {}

    def store(self, key, state_dict):
        if self.in_memory:
            self.cached.update({key: copy.deepcopy(state_dict)})
        else:
            fn = os.path.join(self.cache_dir, "state_{}_{}.pt".format(key, id(self)))
            self.cached.update({key: fn})
            torch.save(state_dict, fn)

    def retrieve(self, key):
        if key not in self.cached:
            raise KeyError("Target {} was not cached.".format(key))
        if self.in_memory:
            return self.cached.get(key)
        fn = self.cached.get(key)
        if not os.path.exists(fn):
            raise RuntimeError("Failed to load state in {}. File doesn't exist anymore.".format(fn))
        return torch.load(fn, map_location=lambda storage, location: storage)

    def __del__(self):
        if self.in_memory:
            return
        for k in self.cached:
            if os.path.exists(self.cached[k]):
                os.remove(self.cached[k])


class LRFinder(object):
    def __init__(self, model, optimizer, criterion, device=None, memory_cache=True, cache_dir=None):
        self.optimizer = optimizer
        self._check_for_scheduler()
        self.model = model
        self.criterion = criterion
        self.history = {"lr": [], "loss": []}
        self.best_loss = None
        self.memory_cache = memory_cache
        self.cache_dir = cache_dir
        self.model_device = next(self.model.parameters()).device
        self.state_cacher = StateCacher(memory_cache, cache_dir=cache_dir)
        self.state_cacher.store("model", self.model.state_dict())
        self.state_cacher.store("optimizer", self.optimizer.state_dict())
        self.device = device if device else self.model_device

    def reset(self):
        self.model.load_state_dict(self.state_cacher.retrieve("model"))
        self.optimizer.load_state_dict(self.state_cacher.retrieve("optimizer"))
        self.model.to(self.model_device)

    def range_test(self, train_loader, val_loader=None, start_lr=None, end_lr=10, num_iter=100, step_mode="exp",
                   smooth_f=0.05, diverge_th=5, accumulation_steps=1):
        self.history = {"lr": [], "loss": []}
        self.best_loss = None
        self.model.to(self.device)
        self._check_for_scheduler()
        if start_lr:
            self._set_learning_rate(start_lr)
        if step_mode.lower() == "exp":
            lr_schedule = ExponentialLR(self.optimizer, end_lr, num_iter)
        elif step_mode.lower() == "linear":
            lr_schedule = LinearLR(self.optimizer, end_lr, num_iter)
        else:
            raise ValueError("expected one of (exp, linear), got {}".format(step_mode))
        if smooth_f < 0 or smooth_f >= 1:
            raise ValueError("smooth_f is outside the range [0, 1[")
        if isinstance(train_loader, DataLoader):
            train_iter = TrainDataLoaderIter(train_loader)
        elif isinstance(train_loader, TrainDataLoaderIter):
            train_iter = train_loader
        else:
            raise ValueError("`train_loader` has unsupported type: {}.".format(type(train_loader)))
        if val_loader:
            val_iter = ValDataLoaderIter(val_loader) if isinstance(val_loader, DataLoader) else val_loader
        for iteration in tqdm(range(num_iter)):
            loss = self._train_batch(train_iter, accumulation_steps)
            if val_loader:
                loss = self._validate(val_iter)
            self.history["lr"].append(lr_schedule.get_lr()[0])
            lr_schedule.step()
            if iteration == 0:
                self.best_loss = loss
            else:
                if smooth_f > 0:
                    loss = smooth_f * loss + (1 - smooth_f) * self.history["loss"][-1]
                if loss < self.best_loss:
                    self.best_loss = loss
            self.history["loss"].append(loss)
            if loss > diverge_th * self.best_loss:
                print("Stopping early, the loss has diverged")
                break
        print("Learning rate search finished. See the graph with {finder_name}.plot()")

    def _set_learning_rate(self, new_lrs):
        if not isinstance(new_lrs, list):
            new_lrs = [new_lrs] * len(self.optimizer.param_groups)
        if len(new_lrs) != len(self.optimizer.param_groups):
            raise ValueError("Length of `new_lrs` is not equal to the number of parameter groups in the given optimizer")
        for param_group, new_lr in zip(self.optimizer.param_groups, new_lrs):
            param_group["lr"] = new_lr

    def _check_for_scheduler(self):
        for param_group in self.optimizer.param_groups:
            if "initial_lr" in param_group:
                raise RuntimeError("Optimizer already has a scheduler attached to it")

    def _train_batch(self, train_iter, accumulation_steps):
        self.model.train()
        total_loss = None
        self.optimizer.zero_grad()
        for i in range(accumulation_steps):
            inputs, labels = next(train_iter)
            outputs = self.model(inputs)
            loss = self.criterion(outputs, labels)
            loss /= accumulation_steps
            loss.backward()
            if total_loss is None:
                total_loss = loss
            else:
                total_loss += loss
        self.optimizer.step()
        return total_loss.item()

    def _validate(self, val_iter):
        running_loss = 0
        self.model.eval()
        with torch.no_grad():
            for inputs, labels in val_iter:
                outputs = self.model(inputs)
                loss = self.criterion(outputs, labels)
                running_loss += loss.item() * len(labels)
        return running_loss / len(val_iter.dataset)

    def plot(self, skip_start=10, skip_end=5, log_lr=True, show_lr=None, ax=None, suggest_lr=True):
        if skip_start < 0:
            raise ValueError("skip_start cannot be negative")
        lrs = self.history["lr"]
        losses = self.history["loss"]
        if skip_end == 0:
            lrs = lrs[skip_start:]
            losses = losses[skip_start:]
        else:
            lrs = lrs[skip_start:-skip_end]
            losses = losses[skip_start:-skip_end]
        fig = None
        if ax is None:
            fig, ax = plt.subplots()
        ax.plot(lrs, losses)
        suggested_lr = None
        if suggest_lr:
            if len(losses) < 2:
                raise RuntimeError("Need at least 2 data points to calculate the gradient")
            min_grad_idx = (np.gradient(np.array(losses))).argmin()
            print("Suggested LR: {:.2E}".format(lrs[min_grad_idx]))
            ax.scatter(lrs[min_grad_idx], losses[min_grad_idx], s=75, marker="o", color="red", zorder=3,
                       label="steepest gradient")
            ax.legend()
            suggested_lr = lrs[min_grad_idx]
        if log_lr:
            ax.set_xscale("log")
        ax.set_xlabel("Learning rate")
        ax.set_ylabel("Loss")
        if suggest_lr:
            return ax, suggested_lr
        return ax


# --- tests/dataset.py, tests/model.py, tests/task.py ---------------------------------------------------
class XORDataset(Dataset):
    def __init__(self, length, shape=None):
        _shape = (length,) + tuple(shape) if shape else (length, 8)
        raw = np.random.randint(0, 2, _shape)
        self.data = torch.FloatTensor(raw)
        label = np.bitwise_xor.reduce(raw, axis=1)
        self.label = torch.tensor(label, dtype=torch.float32).unsqueeze(dim=1)

    def __getitem__(self, index):
        return self.data[index], self.label[index]

    def __len__(self):
        return len(self.data)


class SimplePOSTaggerDataset(Dataset):
    def __init__(self, data):
        self.data = data

    def __getitem__(self, index):
        return self.data[index]

    def __len__(self):
        return len(self.data)


class LinearMLP(nn.Module):
    def __init__(self, layer_dim):
        super(LinearMLP, self).__init__()
        io_pairs = zip(layer_dim[:-1], layer_dim[1:])
        self.net = nn.Sequential(*[nn.Linear(idim, odim) for idim, odim in io_pairs])

    def forward(self, x):
        return self.net(x)


class LSTMTagger(nn.Module):
    def __init__(self, embedding_dim, hidden_dim, tagset_size, vocab_to_ix):
        super(LSTMTagger, self).__init__()
        self.vocab_to_ix = vocab_to_ix
        self.word_embeddings = nn.Embedding(len(vocab_to_ix), embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim)
        self.hidden2tag = nn.Linear(hidden_dim, tagset_size)

    def forward(self, vocabs):
        indices = torch.LongTensor([self.vocab_to_ix[v] for v in vocabs])
        embeds = self.word_embeddings(indices)
        lstm_out, _ = self.lstm(embeds.view(len(vocabs), 1, -1))
        tag_space = self.hidden2tag(lstm_out.view(len(vocabs), -1))
        return F.log_softmax(tag_space, dim=1)


class TaskTemplate(type):
    def __call__(cls, *args, **kwargs):
        obj = type.__call__(cls, *args, **kwargs)
        if hasattr(obj, "__post_init__"):
            obj.__post_init__()
        return obj


class BaseTask(metaclass=TaskTemplate):
    def __init__(self):
        self.model = self.optimizer = self.criterion = self.train_loader = self.val_loader = None

    def __post_init__(self):
        self.post_inited = True


class XORTask(BaseTask):
    def __init__(self, batch_size=8, steps=40, validate=False):
        super(XORTask, self).__init__()
        n_total = batch_size * steps
        dataset = XORDataset(n_total)
        if validate:
            n_train = int(n_total * 0.9)
            self.train_loader = DataLoader(Subset(dataset, range(n_train)), batch_size=batch_size)
            self.val_loader = DataLoader(Subset(dataset, range(n_train, n_total)), batch_size=batch_size)
        else:
            self.train_loader = DataLoader(dataset, batch_size=batch_size)
        self.model = LinearMLP([8, 4, 1])
        self.optimizer = optim.SGD(self.model.parameters(), lr=1e-5)
        self.criterion = nn.MSELoss()


class DiscriminativeLearningRateTask(XORTask):
    def __init__(self, batch_size=8, steps=40, validate=False):
        super(DiscriminativeLearningRateTask, self).__init__(batch_size, steps, validate)
        self.optimizer = optim.SGD([{"params": self.model.net[0].parameters(), "lr": 1e-3},
                                    {"params": self.model.net[1].parameters(), "lr": 1e-5}], lr=1e-5, momentum=0.5)


class SentenceBatch(object):
    def __init__(self, words, tags):
        self.words, self.tags = words, tags


def collate_sentence(batch):
    (words, tags), = batch
    return [words, torch.LongTensor(tags)]


class SimplePOSTaggerTask(BaseTask):
    def __init__(self, batch_size=1, steps=40, validate=False):
        super(BaseTask, self).__init__()
        training_data = [("The dog ate the apple".split(), [0, 1, 2, 0, 1]),
                         ("Everybody read that book".split(), [1, 2, 0, 1])]
        vocab_to_ix = {}
        for sent, _ in training_data:
            for word in sent:
                vocab_to_ix.setdefault(word, len(vocab_to_ix))
        dataset = SimplePOSTaggerDataset(training_data * (steps // 2))
        self.train_loader = DataLoader(dataset, batch_size=batch_size, collate_fn=collate_sentence)
        self.val_loader = DataLoader(dataset, batch_size=batch_size, collate_fn=collate_sentence) if validate else None
        self.model = LSTMTagger(6, 6, 3, vocab_to_ix)
        self.optimizer = optim.SGD(self.model.parameters(), lr=1e-5)
        self.criterion = nn.NLLLoss()


def fmt(xs):
    return "[" + ", ".join("%.3e" % x for x in xs) + "]"


torch.manual_seed(0)
np.random.seed(0)
for cls, kwargs in [(XORTask, {}), (XORTask, {"validate": True}), (DiscriminativeLearningRateTask, {}),
                    (SimplePOSTaggerTask, {})]:
    task = cls(**kwargs)
    init_lrs = [g["lr"] for g in task.optimizer.param_groups]
    lr_finder = LRFinder(task.model, task.optimizer, task.criterion, memory_cache=cls is not XORTask,
                         cache_dir=tempfile.mkdtemp())
    lr_finder.range_test(task.train_loader, val_loader=task.val_loader, end_lr=0.1, num_iter=12)
    print(cls.__name__, kwargs, "post_init:", getattr(task, "post_inited", False), "lrs:", fmt(lr_finder.history["lr"][:4]))
    print("  losses:", fmt(lr_finder.history["loss"][:3]), "... best %.4e" % lr_finder.best_loss)
    lr_finder.reset()
    print("  restored:", [g["lr"] for g in task.optimizer.param_groups] == init_lrs)
    del lr_finder

task = XORTask()
lr_finder = LRFinder(task.model, task.optimizer, task.criterion)
lr_finder.range_test(task.train_loader, num_iter=5, step_mode="linear", end_lr=5e-5)
print("linear:", fmt(lr_finder.history["lr"]))
print("scheduler attached:", "initial_lr" in task.optimizer.param_groups[0])
lr_finder.reset()
print("after reset:", "initial_lr" in task.optimizer.param_groups[0])
lr_finder.range_test(task.train_loader, end_lr=10, num_iter=30, step_mode="exp", accumulation_steps=2)
print("accumulated, iterations run:", len(lr_finder.history["lr"]))
fig, ax = plt.subplots()
ax, lr = lr_finder.plot(skip_start=2, skip_end=2, ax=ax)
print("suggested index:", lr_finder.history["lr"].index(lr), "lines:", len(ax.lines))
lr_finder.history = {"loss": [10, 8, 4, 1, 4, 16], "lr": list(range(6))}
print("steepest:", lr_finder.plot(skip_start=0, skip_end=0, ax=ax)[1])
lr_finder.reset()
try:
    lr_finder.range_test(task.train_loader, num_iter=1)
except ValueError as e:
    print("ValueError:", e)
plt.close()
