# Real-program corpus (tests/realworld, see README.md): the Kaggle house-price regression of
# d2l-ai/d2l-en (chapter_multilayer-perceptrons/kaggle-house-price.md, the `#@tab pytorch` and
# `#@tab all` cells @ 01c0555301ffc119b570050e518738211429fb61): pandas reads the train and test CSVs,
# concatenates their features, standardizes the numeric columns, fills NaN, one-hot encodes the
# categorical ones with get_dummies(dummy_na=True), hands `.values` to torch, then a linear model is
# trained with Adam under 5-fold cross-validation and the predictions are written with to_csv.
# Adaptations: the Kaggle files (1460/1459 rows, 80 columns) are replaced by synthetic ones of the same
# layout (Id first, SalePrice last; 7 feature columns with missing cells) that this program writes
# first, 40 and 15 rows, and removes at the end; `d2l.download` is the local path, `d2l.load_array` is
# its body inlined (DataLoader over a TensorDataset, shuffled), `d2l.plot` calls are dropped and
# `d2l.numpy(t)` is `t.detach().numpy()`; torch.manual_seed(0) first; num_epochs 100 -> 30;
# get_dummies gets dtype=float (pandas 2 makes bool dummies, and a bool/float mix is an object array
# that torch.tensor refuses: the notebook predates pandas 2); pd.set_option('future.infer_string', False)
# first (pandas 3 gives text columns the `str` dtype, which `dtypes != 'object'` counts as numeric, so
# the standardizing lambda's mean() raises on them: the notebook predates pandas 3; Kiln raises the same
# TypeError without the option); the submission is read back and printed.
import os
import random

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils import data

pd.set_option('future.infer_string', False)
torch.manual_seed(0)
rng = random.Random(2)
ZONES = ['RL', 'RM', 'FV', '']
STREETS = ['Pave', 'Grvl']


def write_split(path, first_id, n, with_price):
    with open(path, 'w') as f:
        f.write('Id,MSSubClass,MSZoning,LotFrontage,LotArea,Street,YearBuilt,OverallQual'
                + (',SalePrice' if with_price else '') + '\n')
        for i in range(n):
            zone = ZONES[rng.randrange(4)]
            front = '' if rng.random() < 0.2 else str(rng.randrange(40, 120))
            area = rng.randrange(5000, 15000)
            year = rng.randrange(1950, 2010)
            qual = rng.randrange(3, 10)
            price = int(20000 + 12 * area + 900 * (year - 1950) + 15000 * qual + rng.randrange(-9000, 9000))
            row = [str(first_id + i), str(rng.choice([20, 60, 120])), zone, front, str(area),
                   STREETS[rng.randrange(2)], str(year), str(qual)]
            f.write(','.join(row) + (',' + str(price) if with_price else '') + '\n')


write_split('kaggle_house_pred_train.csv', 1, 40, True)
write_split('kaggle_house_pred_test.csv', 41, 15, False)

train_data = pd.read_csv('kaggle_house_pred_train.csv')
test_data = pd.read_csv('kaggle_house_pred_test.csv')

print(train_data.shape)
print(test_data.shape)

print(train_data.iloc[0:4, [0, 1, 2, 3, -3, -2, -1]])

all_features = pd.concat((train_data.iloc[:, 1:-1], test_data.iloc[:, 1:]))

numeric_features = all_features.dtypes[all_features.dtypes != 'object'].index
all_features[numeric_features] = all_features[numeric_features].apply(
    lambda x: (x - x.mean()) / (x.std()))
# After standardizing the data all means vanish, hence we can set missing
# values to 0
all_features[numeric_features] = all_features[numeric_features].fillna(0)

# `Dummy_na=True` refers to a missing value being a legal eigenvalue, and
# creates an indicative feature for it
all_features = pd.get_dummies(all_features, dummy_na=True, dtype=float)
print(all_features.shape)

n_train = train_data.shape[0]
train_features = torch.tensor(all_features[:n_train].values,
                              dtype=torch.float32)
test_features = torch.tensor(all_features[n_train:].values,
                             dtype=torch.float32)
train_labels = torch.tensor(train_data.SalePrice.values,
                            dtype=torch.float32).reshape(-1, 1)

loss = nn.MSELoss()
in_features = train_features.shape[1]

def get_net():
    net = nn.Sequential(nn.Linear(in_features,1))
    return net

def log_rmse(net,features,labels):
    # To further stabilize the value when the logarithm is taken, set the
    # value less than 1 as 1
    clipped_preds = torch.clamp(net(features), 1, float('inf'))
    rmse = torch.sqrt(torch.mean(loss(torch.log(clipped_preds),
                                       torch.log(labels))))
    return rmse.item()

def load_array(data_arrays, batch_size, is_train=True):
    dataset = data.TensorDataset(*data_arrays)
    return data.DataLoader(dataset, batch_size, shuffle=is_train)

def train(net, train_features, train_labels, test_features, test_labels,
          num_epochs, learning_rate, weight_decay, batch_size):
    train_ls, test_ls = [], []
    train_iter = load_array((train_features, train_labels), batch_size)
    # The Adam optimization algorithm is used here
    optimizer = torch.optim.Adam(net.parameters(),
                                 lr = learning_rate,
                                 weight_decay = weight_decay)
    for epoch in range(num_epochs):
        for X, y in train_iter:
            optimizer.zero_grad()
            l = loss(net(X), y)
            l.backward()
            optimizer.step()
        train_ls.append(log_rmse(net, train_features, train_labels))
        if test_labels is not None:
            test_ls.append(log_rmse(net, test_features, test_labels))
    return train_ls, test_ls

def get_k_fold_data(k, i, X, y):
    assert k > 1
    fold_size = X.shape[0] // k
    X_train, y_train = None, None
    for j in range(k):
        idx = slice(j * fold_size, (j + 1) * fold_size)
        X_part, y_part = X[idx, :], y[idx]
        if j == i:
            X_valid, y_valid = X_part, y_part
        elif X_train is None:
            X_train, y_train = X_part, y_part
        else:
            X_train = torch.cat((X_train, X_part), dim=0)
            y_train = torch.cat((y_train, y_part), dim=0)
    return X_train, y_train, X_valid, y_valid

def k_fold(k, X_train, y_train, num_epochs,
           learning_rate, weight_decay, batch_size):
    train_l_sum, valid_l_sum = 0, 0
    for i in range(k):
        data = get_k_fold_data(k, i, X_train, y_train)
        net = get_net()
        train_ls, valid_ls = train(net, *data, num_epochs, learning_rate,
                                   weight_decay, batch_size)
        train_l_sum += train_ls[-1]
        valid_l_sum += valid_ls[-1]
        print(f'fold {i}, train log rmse {float(train_ls[-1]):f}, '
              f'valid log rmse {float(valid_ls[-1]):f}')
    return train_l_sum / k, valid_l_sum / k

k, num_epochs, lr, weight_decay, batch_size = 5, 30, 5, 0, 64
train_l, valid_l = k_fold(k, train_features, train_labels, num_epochs, lr,
                          weight_decay, batch_size)
print(f'{k}-fold validation: avg train log rmse: {float(train_l):f}, '
      f'avg valid log rmse: {float(valid_l):f}')

def train_and_pred(train_features, test_feature, train_labels, test_data,
                   num_epochs, lr, weight_decay, batch_size):
    net = get_net()
    train_ls, _ = train(net, train_features, train_labels, None, None,
                        num_epochs, lr, weight_decay, batch_size)
    print(f'train log rmse {float(train_ls[-1]):f}')
    # Apply the network to the test set
    preds = net(test_features).detach().numpy()
    # Reformat it for export to Kaggle
    test_data['SalePrice'] = pd.Series(preds.reshape(1, -1)[0])
    submission = pd.concat([test_data['Id'], test_data['SalePrice']], axis=1)
    submission.to_csv('submission.csv', index=False)

train_and_pred(train_features, test_features, train_labels, test_data,
               num_epochs, lr, weight_decay, batch_size)
sub = pd.read_csv('submission.csv')
print(sub.shape, list(sub.columns), sub['Id'].tolist()[:5])
print(sub.round(0).head())
for p in ('kaggle_house_pred_train.csv', 'kaggle_house_pred_test.csv', 'submission.csv'):
    os.remove(p)
