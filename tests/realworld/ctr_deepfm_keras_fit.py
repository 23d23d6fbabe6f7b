# Real-program corpus (tests/realworld, see README.md): the shape of shenweichen/DeepCTR-Torch
# (deepctr_torch/inputs.py, layers/core.py, layers/interaction.py, layers/sequence.py,
# models/basemodel.py, models/deepfm.py, models/wdl.py, callbacks.py, tests/utils.py @ f6854257), a
# Kaggle-style CTR library with a Keras-like API. It exercises feature columns as namedtuples with
# __new__ defaults, an embedding dict per sparse feature, max/mean/sum pooling of padded sequences
# with a mask (an all-padding row max-pools to -1e9 and saturates the sigmoid to exactly 0 or 1, where
# BCE's gradient must stay finite), a linear part, the FM cross term, a DNN with PReLU, L2
# regularisation lists, BaseModel.compile storing the optimizer, F.binary_cross_entropy and a
# staticmethod metric on the model, fit() with validation_split, Keras-style History / EarlyStopping /
# ModelCheckpoint callbacks (save_best_only, whole-model torch.save), predict through a TensorDataset
# DataLoader with pred.ravel(), log_loss / AUC in NumPy, and torch.save(model) / torch.load(...,
# weights_only=False) of a model that holds its optimizer. Changes: random feature data, tiny sizes,
# two epochs, checkpoints in a temporary directory. Written for Kiln, not copied.
import os
import tempfile
from collections import OrderedDict, namedtuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data as Data
from torch.utils.data import DataLoader

torch.manual_seed(1024)
np.random.seed(1024)


# --- inputs.py --------------------------------------------------------------------------------------
class SparseFeat(namedtuple("SparseFeat", ["name", "vocabulary_size", "embedding_dim", "embedding_name"])):
    __slots__ = ()

    def __new__(cls, name, vocabulary_size, embedding_dim=4, embedding_name=None):
        if embedding_dim == "auto":
            embedding_dim = 6 * int(pow(vocabulary_size, 0.25))
        return super(SparseFeat, cls).__new__(cls, name, vocabulary_size, embedding_dim, embedding_name or name)


class VarLenSparseFeat(namedtuple("VarLenSparseFeat", ["sparsefeat", "maxlen", "combiner"])):
    __slots__ = ()

    def __new__(cls, sparsefeat, maxlen, combiner="mean"):
        return super(VarLenSparseFeat, cls).__new__(cls, sparsefeat, maxlen, combiner)

    @property
    def name(self):
        return self.sparsefeat.name

    @property
    def embedding_dim(self):
        return self.sparsefeat.embedding_dim

    @property
    def vocabulary_size(self):
        return self.sparsefeat.vocabulary_size


class DenseFeat(namedtuple("DenseFeat", ["name", "dimension"])):
    __slots__ = ()

    def __new__(cls, name, dimension=1):
        return super(DenseFeat, cls).__new__(cls, name, dimension)


def build_input_features(feature_columns):
    features = OrderedDict()
    start = 0
    for feat in feature_columns:
        if feat.name in features:
            continue
        if isinstance(feat, SparseFeat):
            features[feat.name] = (start, start + 1)
            start += 1
        elif isinstance(feat, DenseFeat):
            features[feat.name] = (start, start + feat.dimension)
            start += feat.dimension
        else:
            features[feat.name] = (start, start + feat.maxlen)
            start += feat.maxlen
    return features


def create_embedding_matrix(feature_columns, init_std=0.0001, linear=False):
    sparse = [f for f in feature_columns if isinstance(f, (SparseFeat, VarLenSparseFeat))]
    embedding_dict = nn.ModuleDict(
        {f.name: nn.Embedding(f.vocabulary_size, f.embedding_dim if not linear else 1, sparse=False) for f in sparse})
    for tensor in embedding_dict.values():
        nn.init.normal_(tensor.weight, mean=0, std=init_std)
    return embedding_dict


# --- layers ------------------------------------------------------------------------------------------
class SequencePoolingLayer(nn.Module):
    def __init__(self, mode="mean"):
        super(SequencePoolingLayer, self).__init__()
        self.mode = mode
        self.eps = torch.FloatTensor([1e-8])

    def forward(self, seq_value_len_list):
        uiseq_embed_list, mask = seq_value_len_list  # [B, T, E], [B, T]
        mask = mask.float()
        user_behavior_length = torch.sum(mask, dim=-1, keepdim=True)
        mask = mask.unsqueeze(2)
        embedding_size = uiseq_embed_list.shape[-1]
        mask = torch.repeat_interleave(mask, embedding_size, dim=2)
        if self.mode == "max":
            hist = uiseq_embed_list - (1 - mask) * 1e9
            return torch.max(hist, dim=1, keepdim=True)[0]
        hist = torch.sum(uiseq_embed_list * mask, dim=1, keepdim=False)
        if self.mode == "mean":
            hist = torch.div(hist, user_behavior_length.type(torch.float32) + self.eps)
        return torch.unsqueeze(hist, dim=1)


class FM(nn.Module):
    def forward(self, inputs):
        square_of_sum = torch.pow(torch.sum(inputs, dim=1, keepdim=True), 2)
        sum_of_square = torch.sum(inputs * inputs, dim=1, keepdim=True)
        return 0.5 * torch.sum(square_of_sum - sum_of_square, dim=2, keepdim=False)


class DNN(nn.Module):
    def __init__(self, inputs_dim, hidden_units, activation="relu", dropout_rate=0.0, init_std=0.0001):
        super(DNN, self).__init__()
        hidden_units = [inputs_dim] + list(hidden_units)
        self.dropout = nn.Dropout(dropout_rate)
        self.linears = nn.ModuleList([nn.Linear(hidden_units[i], hidden_units[i + 1]) for i in range(len(hidden_units) - 1)])
        act = (lambda: nn.PReLU()) if activation == "prelu" else (lambda: nn.ReLU(inplace=True))
        self.activation_layers = nn.ModuleList([act() for _ in range(len(hidden_units) - 1)])
        for name, tensor in self.linears.named_parameters():
            if "weight" in name:
                nn.init.normal_(tensor, mean=0, std=init_std)

    def forward(self, inputs):
        deep_input = inputs
        for i in range(len(self.linears)):
            fc = self.activation_layers[i](self.linears[i](deep_input))
            deep_input = self.dropout(fc)
        return deep_input


class Linear(nn.Module):
    def __init__(self, feature_columns, feature_index, init_std=0.0001):
        super(Linear, self).__init__()
        self.feature_index = feature_index
        self.sparse_feature_columns = [f for f in feature_columns if isinstance(f, SparseFeat)]
        self.dense_feature_columns = [f for f in feature_columns if isinstance(f, DenseFeat)]
        self.varlen_sparse_feature_columns = [f for f in feature_columns if isinstance(f, VarLenSparseFeat)]
        self.embedding_dict = create_embedding_matrix(feature_columns, init_std, linear=True)
        if len(self.dense_feature_columns) > 0:
            self.weight = nn.Parameter(torch.Tensor(sum(fc.dimension for fc in self.dense_feature_columns), 1))
            torch.nn.init.normal_(self.weight, mean=0, std=init_std)

    def forward(self, X):
        sparse = [self.embedding_dict[f.name](X[:, self.feature_index[f.name][0]:self.feature_index[f.name][1]].long())
                  for f in self.sparse_feature_columns]
        dense = [X[:, self.feature_index[f.name][0]:self.feature_index[f.name][1]] for f in self.dense_feature_columns]
        for f in self.varlen_sparse_feature_columns:
            seq = X[:, self.feature_index[f.name][0]:self.feature_index[f.name][1]].long()
            emb = self.embedding_dict[f.name](seq)
            sparse.append(SequencePoolingLayer(f.combiner)([emb, seq != 0]))
        linear_logit = torch.zeros([X.shape[0], 1])
        if len(sparse) > 0:
            linear_logit += torch.sum(torch.cat(sparse, dim=-1), dim=-1, keepdim=False)
        if len(dense) > 0:
            linear_logit += torch.cat(dense, dim=-1).matmul(self.weight)
        return linear_logit


# --- callbacks.py (the Keras callbacks DeepCTR-Torch subclasses) -------------------------------------
class Callback(object):
    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass


class History(Callback):
    def on_train_begin(self, logs=None):
        self.epoch, self.history = [], {}

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)


class EarlyStopping(Callback):
    def __init__(self, monitor="val_loss", patience=0, mode="min"):
        self.monitor, self.patience = monitor, patience
        self.monitor_op = np.less if mode == "min" else np.greater

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.best = np.inf if self.monitor_op == np.less else -np.inf

    def on_epoch_end(self, epoch, logs=None):
        current = logs.get(self.monitor)
        if self.monitor_op(current, self.best):
            self.best, self.wait = current, 0
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.model.stop_training = True


class ModelCheckpoint(Callback):
    def __init__(self, filepath, monitor="val_loss", save_best_only=False, save_weights_only=False, mode="min"):
        self.filepath, self.monitor = filepath, monitor
        self.save_best_only, self.save_weights_only = save_best_only, save_weights_only
        self.monitor_op = np.less if mode == "min" else np.greater
        self.best = np.inf if mode == "min" else -np.inf

    def on_epoch_end(self, epoch, logs=None):
        filepath = self.filepath.format(epoch=epoch + 1, **logs)
        current = logs.get(self.monitor)
        if self.save_best_only and not self.monitor_op(current, self.best):
            print("Epoch %05d: %s did not improve from %0.5f" % (epoch + 1, self.monitor, self.best))
            return
        print("Epoch %05d: %s improved to %0.5f, saving model to %s" % (epoch + 1, self.monitor, current, os.path.basename(filepath)))
        self.best = current
        torch.save(self.model.state_dict() if self.save_weights_only else self.model, filepath)


# --- metrics (what the library takes from sklearn.metrics) -------------------------------------------
def log_loss(y_true, y_pred, eps=1e-7):
    p = np.clip(np.asarray(y_pred, dtype=np.float64).ravel(), eps, 1 - eps)
    y = np.asarray(y_true, dtype=np.float64).ravel()
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def roc_auc_score(y_true, y_score):
    y = np.asarray(y_true).ravel()
    s = np.asarray(y_score, dtype=np.float64).ravel()
    pos, neg = s[y == 1], s[y == 0]
    wins = sum(float(np.sum(neg < p)) + 0.5 * float(np.sum(neg == p)) for p in pos)
    return wins / (len(pos) * len(neg))


# --- basemodel.py -------------------------------------------------------------------------------------
class BaseModel(nn.Module):
    def __init__(self, linear_feature_columns, dnn_feature_columns, l2_reg_linear=1e-5, l2_reg_embedding=1e-5,
                 init_std=0.0001, task="binary"):
        super(BaseModel, self).__init__()
        self.dnn_feature_columns = dnn_feature_columns
        self.reg_loss = torch.zeros((1,))
        self.aux_loss = torch.zeros((1,))
        self.feature_index = build_input_features(linear_feature_columns + dnn_feature_columns)
        self.embedding_dict = create_embedding_matrix(dnn_feature_columns, init_std)
        self.linear_model = Linear(linear_feature_columns, self.feature_index)
        self.regularization_weight = []
        self.add_regularization_weight(self.embedding_dict.parameters(), l2=l2_reg_embedding)
        self.add_regularization_weight(self.linear_model.parameters(), l2=l2_reg_linear)
        self.task = task
        self.history = History()

    def add_regularization_weight(self, weight_list, l1=0.0, l2=0.0):
        if isinstance(weight_list, torch.nn.parameter.Parameter):
            weight_list = [weight_list]
        else:
            weight_list = list(weight_list)
        self.regularization_weight.append((weight_list, l1, l2))

    def get_regularization_loss(self):
        total_reg_loss = torch.zeros((1,))
        for weight_list, l1, l2 in self.regularization_weight:
            for w in weight_list:
                parameter = w[1] if isinstance(w, tuple) else w
                if l2 > 0:
                    total_reg_loss += torch.sum(l2 * torch.square(parameter))
        return total_reg_loss

    def input_from_feature_columns(self, X):
        sparse_embedding_list, dense_value_list = [], []
        for feat in self.dnn_feature_columns:
            lo, hi = self.feature_index[feat.name]
            if isinstance(feat, SparseFeat):
                sparse_embedding_list.append(self.embedding_dict[feat.embedding_name](X[:, lo:hi].long()))
            elif isinstance(feat, DenseFeat):
                dense_value_list.append(X[:, lo:hi])
            else:
                seq = X[:, lo:hi].long()
                emb = self.embedding_dict[feat.name](seq)
                sparse_embedding_list.append(SequencePoolingLayer(feat.combiner)([emb, seq != 0]))
        return sparse_embedding_list, dense_value_list

    def compute_input_dim(self, feature_columns):
        sparse_dim = sum(f.embedding_dim for f in feature_columns if not isinstance(f, DenseFeat))
        dense_dim = sum(f.dimension for f in feature_columns if isinstance(f, DenseFeat))
        return sparse_dim + dense_dim

    def compile(self, optimizer, loss=None, metrics=None):
        self.metrics_names = ["loss"]
        self.optim = torch.optim.Adam(self.parameters(), lr=0.001) if optimizer == "adam" else optimizer
        self.loss_func = F.binary_cross_entropy if loss == "binary_crossentropy" else F.mse_loss
        self.metrics = {}
        for metric in metrics or []:
            if metric in ("binary_crossentropy", "logloss"):
                self.metrics[metric] = log_loss
            if metric == "auc":
                self.metrics[metric] = roc_auc_score
            if metric in ("accuracy", "acc"):
                self.metrics[metric] = self._accuracy_score
            self.metrics_names.append(metric)

    @staticmethod
    def _accuracy_score(y_true, y_pred):
        return float(np.mean(np.asarray(y_true).ravel() == np.where(y_pred > 0.5, 1, 0).ravel()))

    def fit(self, x, y, batch_size=256, epochs=1, validation_split=0.0, shuffle=True, callbacks=None):
        x = [x[feature] for feature in self.feature_index]
        split_at = int(len(x[0]) * (1.0 - validation_split))
        x, val_x = [a[:split_at] for a in x], [a[split_at:] for a in x]
        y, val_y = y[:split_at], y[split_at:]
        for i in range(len(x)):
            if len(x[i].shape) == 1:
                x[i] = np.expand_dims(x[i], axis=1)
        train_tensor_data = Data.TensorDataset(torch.from_numpy(np.concatenate(x, axis=-1)), torch.from_numpy(y))
        train_loader = DataLoader(dataset=train_tensor_data, shuffle=shuffle, batch_size=batch_size)
        steps_per_epoch = (len(train_tensor_data) - 1) // batch_size + 1
        callbacks = (callbacks or []) + [self.history]
        for cb in callbacks:
            cb.set_model(self)
            cb.on_train_begin()
        self.stop_training = False
        print("Train on {0} samples, validate on {1} samples, {2} steps per epoch".format(
            len(train_tensor_data), len(val_y), steps_per_epoch))
        model = self.train()
        for epoch in range(epochs):
            epoch_logs, total_loss_epoch, train_result = {}, 0, {}
            for x_train, y_train in train_loader:
                x_b, y_b = x_train.float(), y_train.float()
                y_pred = model(x_b).squeeze()
                self.optim.zero_grad()
                loss = self.loss_func(y_pred, y_b.squeeze(), reduction="sum")
                total_loss = loss + self.get_regularization_loss() + self.aux_loss
                total_loss_epoch += total_loss.item()
                total_loss.backward()
                self.optim.step()
                for name, metric_fun in self.metrics.items():
                    train_result.setdefault(name, []).append(
                        metric_fun(y_b.data.numpy(), y_pred.data.numpy().astype("float64")))
            epoch_logs["loss"] = total_loss_epoch / len(train_tensor_data)
            for name, result in train_result.items():
                epoch_logs[name] = np.sum(result) / steps_per_epoch
            for name, result in self.evaluate(val_x, val_y, batch_size).items():
                epoch_logs["val_" + name] = result
            eval_str = "Epoch {0}/{1} - loss: {2: .4f}".format(epoch + 1, epochs, epoch_logs["loss"])
            for name in self.metrics:
                eval_str += " - {0}: {1: .4f} - val_{0}: {2: .4f}".format(name, epoch_logs[name], epoch_logs["val_" + name])
            print(eval_str)
            for cb in callbacks:
                cb.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                print("early stop after epoch", epoch + 1)
                break
        return self.history

    def evaluate(self, x, y, batch_size=256):
        pred_ans = self.predict(x, batch_size)
        return {name: metric_fun(y, pred_ans) for name, metric_fun in self.metrics.items()}

    def predict(self, x, batch_size=256):
        model = self.eval()
        if isinstance(x, dict):
            x = [x[feature] for feature in self.feature_index]
        for i in range(len(x)):
            if len(x[i].shape) == 1:
                x[i] = np.expand_dims(x[i], axis=1)
        tensor_data = Data.TensorDataset(torch.from_numpy(np.concatenate(x, axis=-1)))
        test_loader = DataLoader(dataset=tensor_data, shuffle=False, batch_size=batch_size)
        pred_ans = []
        with torch.no_grad():
            for x_test in test_loader:
                pred_ans.append(model(x_test[0].float()).cpu().data.numpy())
        return np.concatenate(pred_ans).astype("float64")


class DeepFM(BaseModel):
    def __init__(self, linear_feature_columns, dnn_feature_columns, use_fm=True, dnn_hidden_units=(256, 128),
                 dnn_activation="relu", dnn_dropout=0.0, init_std=0.0001):
        super(DeepFM, self).__init__(linear_feature_columns, dnn_feature_columns, init_std=init_std)
        self.use_fm = use_fm
        self.use_dnn = len(dnn_feature_columns) > 0 and len(dnn_hidden_units) > 0
        if use_fm:
            self.fm = FM()
        if self.use_dnn:
            self.dnn = DNN(self.compute_input_dim(dnn_feature_columns), dnn_hidden_units, activation=dnn_activation,
                           dropout_rate=dnn_dropout, init_std=init_std)
            self.dnn_linear = nn.Linear(dnn_hidden_units[-1], 1, bias=False)
            self.add_regularization_weight(
                filter(lambda x: "weight" in x[0] and "bn" not in x[0], self.dnn.named_parameters()), l2=1e-4)
            self.add_regularization_weight(self.dnn_linear.weight, l2=1e-4)

    def forward(self, X):
        sparse_embedding_list, dense_value_list = self.input_from_feature_columns(X)
        logit = self.linear_model(X)
        if self.use_fm and len(sparse_embedding_list) > 0:
            logit += self.fm(torch.cat(sparse_embedding_list, dim=1))
        if self.use_dnn:
            dnn_input = torch.cat([torch.flatten(torch.cat(sparse_embedding_list, dim=-1), start_dim=1)] +
                                  [torch.flatten(torch.cat(dense_value_list, dim=-1), start_dim=1)], dim=-1)
            logit += self.dnn_linear(self.dnn(dnn_input))
        return torch.sigmoid(logit)


# --- tests/utils.py: get_test_data + check_model ------------------------------------------------------
def get_test_data(sample_size=64, embedding_size=4, sparse_feature_num=2, dense_feature_num=2,
                  sequence_feature=("sum", "mean", "max")):
    feature_columns, model_input = [], {}
    for i in range(sparse_feature_num):
        feature_columns.append(SparseFeat("sparse_feature_" + str(i), np.random.randint(2, 10), embedding_size))
    for i in range(dense_feature_num):
        feature_columns.append(DenseFeat("dense_feature_" + str(i), 1))
    for mode in sequence_feature:
        feature_columns.append(VarLenSparseFeat(
            SparseFeat("sequence_" + mode, vocabulary_size=np.random.randint(2, 6), embedding_dim=embedding_size),
            maxlen=np.random.randint(2, 5), combiner=mode))
    for fc in feature_columns:
        if isinstance(fc, SparseFeat):
            model_input[fc.name] = np.random.randint(0, fc.vocabulary_size, sample_size)
        elif isinstance(fc, DenseFeat):
            model_input[fc.name] = np.random.random(sample_size)
        else:
            model_input[fc.name] = np.random.randint(0, fc.vocabulary_size, (sample_size, fc.maxlen))
    y = np.random.randint(0, 2, sample_size)
    return model_input, y, feature_columns


workdir = tempfile.mkdtemp()
for use_fm, hidden, activation in [(True, (16,), "relu"), (False, (16, 8), "prelu")]:
    torch.manual_seed(0)
    x, y, feature_columns = get_test_data()
    model = DeepFM(feature_columns, feature_columns, use_fm=use_fm, dnn_hidden_units=hidden,
                   dnn_activation=activation, dnn_dropout=0.5)
    model.compile("adam", "binary_crossentropy", metrics=["binary_crossentropy", "auc", "acc"])
    ckpt = os.path.join(workdir, "model.ckpt")
    history = model.fit(x, y, batch_size=16, epochs=3, validation_split=0.5,
                        callbacks=[EarlyStopping(monitor="val_acc", patience=1, mode="max"),
                                   ModelCheckpoint(ckpt, monitor="val_acc", save_best_only=True, mode="max")])
    print("history keys:", sorted(history.history), "epochs:", history.epoch)
    print("finite grads:", all(bool(torch.isfinite(p.grad).all()) for p in model.parameters() if p.grad is not None))
    best = torch.load(ckpt, weights_only=False)
    print("checkpoint:", type(best).__name__, type(best.optim).__name__, best.loss_func is F.binary_cross_entropy,
          best.metrics["acc"] is BaseModel._accuracy_score)
    print("shared params:", best.optim.param_groups[0]["params"][0] is next(best.parameters()))
    pred = model.predict(x, 32)
    print("pred:", pred.shape, pred.ravel()[:4].round(4), "saturated:", int(np.sum((pred == 0) | (pred == 1))))
    print("auc %.4f logloss %.4f" % (roc_auc_score(y, pred), log_loss(y, pred)))
    torch.save(model.state_dict(), os.path.join(workdir, "weights.h5"))
    model.load_state_dict(torch.load(os.path.join(workdir, "weights.h5")))
    print("reloaded:", np.allclose(model.predict(x, 32), pred))
