# Real-program corpus (tests/realworld, see README.md): implicit-feedback recommenders. Neural
# Collaborative Filtering with GMF, MLP and NeuMF heads over user/item nn.Embeddings (normal_ and
# xavier_uniform_/kaiming_uniform_(a=1, nonlinearity='sigmoid') init, bias.data.zero_()), a Dataset
# that draws num_ng negative items per positive with np.random.randint against a dict of observed
# (user, item) pairs, BCEWithLogitsLoss, HR@K / NDCG@K from torch.topk + torch.take and
# np.reciprocal(np.log2(...)), and NeuMF-pre initialised by copy_ from pretrained GMF and MLP models
# saved whole with torch.save and read back with torch.load(weights_only=False) (guoyang9/NCF
# model.py, data_utils.py, evaluate.py, main.py @ 89ff06ff); then factorization machines on field ids
# with offsets from np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.long) added through
# x.new_tensor: FM, field-aware FM and DeepFM with BCELoss, random_split and an AUC (rixwew/pytorch-fm
# torchfm/layer.py, model/fm.py, ffm.py, dfm.py, examples/main.py @ f74ad197). Written for Kiln, not
# copied; 30 users x 50 items of generated feedback instead of ml-1m, small factors, two epochs.
import argparse
import io

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data


class NCF(nn.Module):
    def __init__(self, user_num, item_num, factor_num, num_layers, dropout, model, GMF_model=None, MLP_model=None):
        super(NCF, self).__init__()
        self.dropout, self.model = dropout, model
        self.GMF_model, self.MLP_model = GMF_model, MLP_model
        self.embed_user_GMF = nn.Embedding(user_num, factor_num)
        self.embed_item_GMF = nn.Embedding(item_num, factor_num)
        self.embed_user_MLP = nn.Embedding(user_num, factor_num * (2 ** (num_layers - 1)))
        self.embed_item_MLP = nn.Embedding(item_num, factor_num * (2 ** (num_layers - 1)))
        MLP_modules = []
        for i in range(num_layers):
            input_size = factor_num * (2 ** (num_layers - i))
            MLP_modules.append(nn.Dropout(p=self.dropout))
            MLP_modules.append(nn.Linear(input_size, input_size // 2))
            MLP_modules.append(nn.ReLU())
        self.MLP_layers = nn.Sequential(*MLP_modules)
        predict_size = factor_num if self.model in ['MLP', 'GMF'] else factor_num * 2
        self.predict_layer = nn.Linear(predict_size, 1)
        self._init_weight_()

    def _init_weight_(self):
        if not self.model == 'NeuMF-pre':
            nn.init.normal_(self.embed_user_GMF.weight, std=0.01)
            nn.init.normal_(self.embed_user_MLP.weight, std=0.01)
            nn.init.normal_(self.embed_item_GMF.weight, std=0.01)
            nn.init.normal_(self.embed_item_MLP.weight, std=0.01)
            for m in self.MLP_layers:
                if isinstance(m, nn.Linear):
                    nn.init.xavier_uniform_(m.weight)
            nn.init.kaiming_uniform_(self.predict_layer.weight, a=1, nonlinearity='sigmoid')
            for m in self.modules():
                if isinstance(m, nn.Linear) and m.bias is not None:
                    m.bias.data.zero_()
        else:
            self.embed_user_GMF.weight.data.copy_(self.GMF_model.embed_user_GMF.weight)
            self.embed_item_GMF.weight.data.copy_(self.GMF_model.embed_item_GMF.weight)
            self.embed_user_MLP.weight.data.copy_(self.MLP_model.embed_user_MLP.weight)
            self.embed_item_MLP.weight.data.copy_(self.MLP_model.embed_item_MLP.weight)
            for (m1, m2) in zip(self.MLP_layers, self.MLP_model.MLP_layers):
                if isinstance(m1, nn.Linear) and isinstance(m2, nn.Linear):
                    m1.weight.data.copy_(m2.weight)
                    m1.bias.data.copy_(m2.bias)
            predict_weight = torch.cat([self.GMF_model.predict_layer.weight, self.MLP_model.predict_layer.weight], dim=1)
            precit_bias = self.GMF_model.predict_layer.bias + self.MLP_model.predict_layer.bias
            self.predict_layer.weight.data.copy_(0.5 * predict_weight)
            self.predict_layer.bias.data.copy_(0.5 * precit_bias)

    def forward(self, user, item):
        if not self.model == 'MLP':
            output_GMF = self.embed_user_GMF(user) * self.embed_item_GMF(item)
        if not self.model == 'GMF':
            interaction = torch.cat((self.embed_user_MLP(user), self.embed_item_MLP(item)), -1)
            output_MLP = self.MLP_layers(interaction)
        if self.model == 'GMF':
            concat = output_GMF
        elif self.model == 'MLP':
            concat = output_MLP
        else:
            concat = torch.cat((output_GMF, output_MLP), -1)
        return self.predict_layer(concat).view(-1)


def load_all(user_num=30, item_num=50, per_user=6, test_neg=19):
    rng = np.random.RandomState(0)
    train_data = [[u, i] for u in range(user_num) for i in sorted(rng.choice(item_num, per_user, replace=False).tolist())]
    train_mat = {}
    for x in train_data:
        train_mat[x[0], x[1]] = 1.0
    test_data = []
    for u in range(user_num):
        test_data.append([u, int(rng.randint(item_num))])
        for i in rng.choice(item_num, test_neg, replace=False).tolist():
            test_data.append([u, int(i)])
    return train_data, test_data, user_num, item_num, train_mat


class NCFData(data.Dataset):
    def __init__(self, features, num_item, train_mat=None, num_ng=0, is_training=None):
        super(NCFData, self).__init__()
        self.features_ps = features
        self.num_item, self.train_mat = num_item, train_mat
        self.num_ng, self.is_training = num_ng, is_training
        self.labels = [0 for _ in range(len(features))]

    def ng_sample(self):
        assert self.is_training, 'no need to sampling when testing'
        self.features_ng = []
        for x in self.features_ps:
            u = x[0]
            for t in range(self.num_ng):
                j = np.random.randint(self.num_item)
                while (u, j) in self.train_mat:
                    j = np.random.randint(self.num_item)
                self.features_ng.append([u, j])
        labels_ps = [1 for _ in range(len(self.features_ps))]
        labels_ng = [0 for _ in range(len(self.features_ng))]
        self.features_fill = self.features_ps + self.features_ng
        self.labels_fill = labels_ps + labels_ng

    def __len__(self):
        return (self.num_ng + 1) * len(self.labels)

    def __getitem__(self, idx):
        features = self.features_fill if self.is_training else self.features_ps
        labels = self.labels_fill if self.is_training else self.labels
        return features[idx][0], features[idx][1], labels[idx]


def hit(gt_item, pred_items):
    return 1 if gt_item in pred_items else 0


def ndcg(gt_item, pred_items):
    if gt_item in pred_items:
        index = pred_items.index(gt_item)
        return np.reciprocal(np.log2(index + 2))
    return 0


def metrics(model, test_loader, top_k):
    HR, NDCG = [], []
    for user, item, label in test_loader:
        predictions = model(user, item)
        _, indices = torch.topk(predictions, top_k)
        recommends = torch.take(item, indices).cpu().numpy().tolist()
        gt_item = item[0].item()
        HR.append(hit(gt_item, recommends))
        NDCG.append(ndcg(gt_item, recommends))
    return np.mean(HR), np.mean(NDCG)


def train_ncf(name, args, train_loader, test_loader, user_num, item_num, GMF_model=None, MLP_model=None):
    model = NCF(user_num, item_num, args.factor_num, args.num_layers, args.dropout, name, GMF_model, MLP_model)
    loss_function = nn.BCEWithLogitsLoss()
    optimizer = optim.SGD(model.parameters(), lr=args.lr) if name == 'NeuMF-pre' else optim.Adam(model.parameters(), lr=args.lr)
    best_hr, best_ndcg, best_epoch, best_blob = 0, 0, 0, None
    for epoch in range(args.epochs):
        model.train()
        train_loader.dataset.ng_sample()
        for user, item, label in train_loader:
            label = label.float()
            model.zero_grad()
            loss = loss_function(model(user, item), label)
            loss.backward()
            optimizer.step()
        model.eval()
        HR, NDCG = metrics(model, test_loader, args.top_k)
        print("{} epoch {:03d} loss {:.4f}".format(name, epoch, loss.item()))
        print("HR: {:.3f}\tNDCG: {:.3f}".format(np.mean(HR), np.mean(NDCG)))
        if HR > best_hr or best_blob is None:
            best_hr, best_ndcg, best_epoch = HR, NDCG, epoch
            best_blob = io.BytesIO()
            torch.save(model, best_blob)
    print("End. Best epoch {:03d}: HR = {:.3f}, NDCG = {:.3f}".format(best_epoch, best_hr, best_ndcg))
    best_blob.seek(0)
    return torch.load(best_blob, weights_only=False)


class FeaturesLinear(torch.nn.Module):
    def __init__(self, field_dims, output_dim=1):
        super().__init__()
        self.fc = torch.nn.Embedding(sum(field_dims), output_dim)
        self.bias = torch.nn.Parameter(torch.zeros((output_dim,)))
        self.offsets = np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.long)

    def forward(self, x):
        x = x + x.new_tensor(self.offsets).unsqueeze(0)
        return torch.sum(self.fc(x), dim=1) + self.bias


class FeaturesEmbedding(torch.nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.embedding = torch.nn.Embedding(sum(field_dims), embed_dim)
        self.offsets = np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.long)
        torch.nn.init.xavier_uniform_(self.embedding.weight.data)

    def forward(self, x):
        x = x + x.new_tensor(self.offsets).unsqueeze(0)
        return self.embedding(x)


class FieldAwareFactorizationMachine(torch.nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.num_fields = len(field_dims)
        self.embeddings = torch.nn.ModuleList([torch.nn.Embedding(sum(field_dims), embed_dim) for _ in range(self.num_fields)])
        self.offsets = np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.long)
        for embedding in self.embeddings:
            torch.nn.init.xavier_uniform_(embedding.weight.data)

    def forward(self, x):
        x = x + x.new_tensor(self.offsets).unsqueeze(0)
        xs = [self.embeddings[i](x) for i in range(self.num_fields)]
        ix = list()
        for i in range(self.num_fields - 1):
            for j in range(i + 1, self.num_fields):
                ix.append(xs[j][:, i] * xs[i][:, j])
        return torch.stack(ix, dim=1)


class FactorizationMachine(torch.nn.Module):
    def __init__(self, reduce_sum=True):
        super().__init__()
        self.reduce_sum = reduce_sum

    def forward(self, x):
        square_of_sum = torch.sum(x, dim=1) ** 2
        sum_of_square = torch.sum(x ** 2, dim=1)
        ix = square_of_sum - sum_of_square
        if self.reduce_sum:
            ix = torch.sum(ix, dim=1, keepdim=True)
        return 0.5 * ix


class MultiLayerPerceptron(torch.nn.Module):
    def __init__(self, input_dim, embed_dims, dropout, output_layer=True):
        super().__init__()
        layers = list()
        for embed_dim in embed_dims:
            layers.append(torch.nn.Linear(input_dim, embed_dim))
            layers.append(torch.nn.BatchNorm1d(embed_dim))
            layers.append(torch.nn.ReLU())
            layers.append(torch.nn.Dropout(p=dropout))
            input_dim = embed_dim
        if output_layer:
            layers.append(torch.nn.Linear(input_dim, 1))
        self.mlp = torch.nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x)


class FactorizationMachineModel(torch.nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.embedding = FeaturesEmbedding(field_dims, embed_dim)
        self.linear = FeaturesLinear(field_dims)
        self.fm = FactorizationMachine(reduce_sum=True)

    def forward(self, x):
        x = self.linear(x) + self.fm(self.embedding(x))
        return torch.sigmoid(x.squeeze(1))


class FieldAwareFactorizationMachineModel(torch.nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.linear = FeaturesLinear(field_dims)
        self.ffm = FieldAwareFactorizationMachine(field_dims, embed_dim)

    def forward(self, x):
        ffm_term = torch.sum(torch.sum(self.ffm(x), dim=1), dim=1, keepdim=True)
        x = self.linear(x) + ffm_term
        return torch.sigmoid(x.squeeze(1))


class DeepFactorizationMachineModel(torch.nn.Module):
    def __init__(self, field_dims, embed_dim, mlp_dims, dropout):
        super().__init__()
        self.linear = FeaturesLinear(field_dims)
        self.fm = FactorizationMachine(reduce_sum=True)
        self.embedding = FeaturesEmbedding(field_dims, embed_dim)
        self.embed_output_dim = len(field_dims) * embed_dim
        self.mlp = MultiLayerPerceptron(self.embed_output_dim, mlp_dims, dropout)

    def forward(self, x):
        embed_x = self.embedding(x)
        x = self.linear(x) + self.fm(embed_x) + self.mlp(embed_x.view(-1, self.embed_output_dim))
        return torch.sigmoid(x.squeeze(1))


class RatingsDataset(torch.utils.data.Dataset):
    def __init__(self, ratings):
        self.items = ratings[:, :2].astype(int) - 1
        self.targets = (ratings[:, 2] > 3).astype(np.float32)
        self.field_dims = np.max(self.items, axis=0) + 1

    def __len__(self):
        return self.targets.shape[0]

    def __getitem__(self, index):
        return self.items[index], self.targets[index]


def roc_auc(targets, predicts):
    order = np.argsort(np.array(predicts), kind='stable')
    ranks = np.empty(len(order))
    ranks[order] = np.arange(1, len(order) + 1)
    t = np.array(targets)
    pos, neg = t.sum(), len(t) - t.sum()
    return (ranks[t == 1].sum() - pos * (pos + 1) / 2) / (pos * neg)


def fm_epoch(model, optimizer, loader, criterion):
    model.train()
    total = 0.0
    for fields, target in loader:
        y = model(fields)
        loss = criterion(y, target.float())
        model.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / len(loader)


def fm_test(model, loader):
    model.eval()
    targets, predicts = list(), list()
    with torch.no_grad():
        for fields, target in loader:
            targets.extend(target.tolist())
            predicts.extend(model(fields).tolist())
    return roc_auc(targets, predicts)


parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.001)
parser.add_argument("--dropout", type=float, default=0.0)
parser.add_argument("--batch_size", type=int, default=256)
parser.add_argument("--epochs", type=int, default=20)
parser.add_argument("--top_k", type=int, default=10)
parser.add_argument("--factor_num", type=int, default=32)
parser.add_argument("--num_layers", type=int, default=3)
parser.add_argument("--num_ng", type=int, default=4)
parser.add_argument("--test_num_ng", type=int, default=99)
args = parser.parse_args(['--epochs', '2', '--batch_size', '64', '--factor_num', '8', '--test_num_ng', '19',
                          '--top_k', '5', '--lr', '0.01'])

torch.manual_seed(0)
np.random.seed(0)
train_data, test_data, user_num, item_num, train_mat = load_all(test_neg=args.test_num_ng)
train_dataset = NCFData(train_data, item_num, train_mat, args.num_ng, True)
test_dataset = NCFData(test_data, item_num, train_mat, 0, False)
train_loader = data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True, num_workers=0)
test_loader = data.DataLoader(test_dataset, batch_size=args.test_num_ng + 1, shuffle=False, num_workers=0)
print(len(train_data), len(test_data), user_num, item_num)
gmf = train_ncf('GMF', args, train_loader, test_loader, user_num, item_num)
mlp = train_ncf('MLP', args, train_loader, test_loader, user_num, item_num)
train_ncf('NeuMF-end', args, train_loader, test_loader, user_num, item_num)
args.lr = 0.1
neumf = train_ncf('NeuMF-pre', args, train_loader, test_loader, user_num, item_num, gmf, mlp)
print(type(neumf).__name__, neumf.predict_layer.weight.shape)

rng = np.random.RandomState(1)
ratings = np.array([[u, i, rng.randint(1, 6)] for u in range(1, 41) for i in rng.choice(np.arange(1, 61), 8, replace=False)])
dataset = RatingsDataset(ratings)
print(dataset.field_dims, len(dataset), FeaturesLinear(dataset.field_dims).offsets)
n_train, n_valid = int(len(dataset) * 0.8), int(len(dataset) * 0.1)
train_set, valid_set, test_set = torch.utils.data.random_split(dataset, (n_train, n_valid, len(dataset) - n_train - n_valid))
loaders = [torch.utils.data.DataLoader(s, batch_size=32) for s in (train_set, valid_set, test_set)]
for name, model in [('fm', FactorizationMachineModel(dataset.field_dims, embed_dim=16)),
                    ('ffm', FieldAwareFactorizationMachineModel(dataset.field_dims, embed_dim=4)),
                    ('dfm', DeepFactorizationMachineModel(dataset.field_dims, embed_dim=16, mlp_dims=(16, 16), dropout=0.2))]:
    optimizer = torch.optim.Adam(params=model.parameters(), lr=0.001, weight_decay=1e-6)
    criterion = torch.nn.BCELoss()
    for epoch_i in range(2):
        loss = fm_epoch(model, optimizer, loaders[0], criterion)
        print(name, 'epoch:', epoch_i, 'loss: {:.4f}'.format(loss), 'validation: auc: {:.4f}'.format(fm_test(model, loaders[1])))
    print(name, 'test auc: {:.4f}'.format(fm_test(model, loaders[2])))
