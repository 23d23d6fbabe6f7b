# Real-program corpus (tests/realworld, see README.md): linear regression trained by hand-written
# gradient descent on a CSV loaded with pandas, the workflow of rasbt/stat453-deep-learning-ss21
# (L05/code/linear-regr-gd.ipynb @ 4c399efffcb2c5b2e9b266b7123847c118499662), cells in order.
# Adaptations: the notebook's ./datasets/linreg-data.csv (1000 rows written by DataFrame.to_csv, so
# with an unnamed index column) is replaced by 80 synthetic rows of the same layout that this program
# writes first (y on a unit scale, so the MSE prints stay well inside float32's digits) and removes at
# the end; `df.tail()` is printed (the notebook displays it); the matplotlib cell is dropped. The model
# class, the train/loss functions and the analytical solution are the notebook's code.
import os
import random

import pandas as pd
import torch

rng = random.Random(453)
with open('linreg-data.csv', 'w') as f:
    f.write(',x1,x2,y\n')
    for i in range(80):
        x1, x2 = rng.gauss(0.0, 1.0), rng.gauss(0.0, 1.0)
        y = 0.4 * x1 + 1.7 * x2 - 0.3 + rng.gauss(0.0, 0.25)
        f.write('%d,%.6f,%.6f,%.6f\n' % (i, x1, x2, y))

df = pd.read_csv('linreg-data.csv', index_col=0)
print(df.tail())

# Assign features and target

X = torch.tensor(df[['x1', 'x2']].values, dtype=torch.float)
y = torch.tensor(df['y'].values, dtype=torch.float)

# Shuffling & train/test split

torch.manual_seed(123)
shuffle_idx = torch.randperm(y.size(0), dtype=torch.long)

X, y = X[shuffle_idx], y[shuffle_idx]

percent70 = int(shuffle_idx.size(0)*0.7)

X_train, X_test = X[shuffle_idx[:percent70]], X[shuffle_idx[percent70:]]
y_train, y_test = y[shuffle_idx[:percent70]], y[shuffle_idx[percent70:]]

# Normalize (mean zero, unit variance)

mu, sigma = X_train.mean(dim=0), X_train.std(dim=0)
X_train = (X_train - mu) / sigma
X_test = (X_test - mu) / sigma


class LinearRegression1():
    def __init__(self, num_features):
        self.num_features = num_features
        self.weights = torch.zeros(num_features, 1, 
                                   dtype=torch.float)
        self.bias = torch.zeros(1, dtype=torch.float)

    def forward(self, x):
        netinputs = torch.add(torch.mm(x, self.weights), self.bias)
        activations = netinputs
        return activations.view(-1)
        
    def backward(self, x, yhat, y):  
        
        grad_loss_yhat = 2*(y - yhat)
        
        grad_yhat_weights = -x
        grad_yhat_bias = -1.
        
        # Chain rule: inner times outer
        grad_loss_weights =  torch.mm(grad_yhat_weights.t(),
                                         grad_loss_yhat.view(-1, 1)) / y.size(0)

        grad_loss_bias = torch.sum(grad_yhat_bias*grad_loss_yhat) / y.size(0)
        
        # return negative gradient
        return (-1)*grad_loss_weights, (-1)*grad_loss_bias


####################################################
##### Training and evaluation wrappers
###################################################

def loss(yhat, y):
    return torch.mean((yhat - y)**2)


def train(model, x, y, num_epochs, learning_rate=0.01):
    cost = []
    for e in range(num_epochs):

        #### Compute outputs ####
        yhat = model.forward(x)

        #### Compute gradients ####
        negative_grad_w, negative_grad_b = model.backward(x, yhat, y)

        #### Update weights ####
        model.weights += learning_rate * negative_grad_w
        model.bias += learning_rate * negative_grad_b

        #### Logging ####
        yhat = model.forward(x) # not that this is a bit wasteful here
        curr_loss = loss(yhat, y)
        print('Epoch: %03d' % (e+1), end="")
        print(' | MSE: %.5f' % curr_loss)
        cost.append(curr_loss)

    return cost


model = LinearRegression1(num_features=X_train.size(1))
cost = train(model, 
             X_train, y_train, 
             num_epochs=100, 
             learning_rate=0.05)

train_pred = model.forward(X_train)
test_pred = model.forward(X_test)

print('Train MSE: %.5f' % loss(train_pred, y_train))
print('Test MSE: %.5f' % loss(test_pred, y_test))

print('Weights', model.weights)
print('Bias', model.bias)


def analytical_solution(x, y):
    Xb = torch.cat( (torch.ones((x.size(0), 1)), x), dim=1)
    w = torch.zeros(x.size(1))
    z = torch.inverse(torch.matmul(Xb.t(), Xb))
    params = torch.matmul(z, torch.matmul(Xb.t(), y))
    b, w = torch.tensor([params[0]]), params[1:].view(x.size(1), 1)
    return w, b

w, b = analytical_solution(X_train, y_train)
print('Analytical weights', w)
print('Analytical bias', b)
os.remove('linreg-data.csv')
