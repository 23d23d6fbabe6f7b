# Real-program corpus (tests/realworld, see README.md): spdin/time-series-prediction-lstm-pytorch @
# ed82cded12e37dea85218fb457c9af21aa0aaf16 (Time_Series_Prediction_with_LSTM_Using_PyTorch.ipynb, its
# code cells in order): univariate forecasting of the airline-passengers series. pandas.read_csv and
# .iloc[:, 1:2].values, scikit-learn's MinMaxScaler fit_transform / inverse_transform, a sliding-window
# function building (window, next value) pairs into np.array, a 67/33 train/test split, tensors wrapped
# in torch.autograd.Variable, an nn.LSTM(batch_first=True) with explicit zero (h_0, c_0) whose last
# hidden state .view(-1, hidden_size) feeds a Linear, MSELoss and Adam over the whole training set.
# Changes from the origin: the !wget of airline-passengers.csv is a generated 144-month series of the
# same shape (trend + growing seasonality, "Month","Passengers" header) read through io.StringIO;
# 301 epochs instead of 2000; torch.manual_seed added; the matplotlib plots (and the repeated last
# cell) dropped; prints the shapes, the test error and rounded predictions.


import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.autograd import Variable
from sklearn.preprocessing import MinMaxScaler

import io, math
torch.manual_seed(0)
_rows = ['"Month","Passengers"'] + ['"%d-%02d",%d' % (1949 + i // 12, i % 12 + 1, int(120 + 2.2 * i + 40 * math.sin(i * math.pi / 6) * (1 + i / 144))) for i in range(144)]
training_set = pd.read_csv(io.StringIO("\n".join(_rows)))
#training_set = pd.read_csv('shampoo.csv')

training_set = training_set.iloc[:,1:2].values


def sliding_windows(data, seq_length):
    x = []
    y = []

    for i in range(len(data)-seq_length-1):
        _x = data[i:(i+seq_length)]
        _y = data[i+seq_length]
        x.append(_x)
        y.append(_y)

    return np.array(x),np.array(y)

sc = MinMaxScaler()
training_data = sc.fit_transform(training_set)

seq_length = 4
x, y = sliding_windows(training_data, seq_length)

train_size = int(len(y) * 0.67)
test_size = len(y) - train_size

dataX = Variable(torch.Tensor(np.array(x)))
dataY = Variable(torch.Tensor(np.array(y)))

trainX = Variable(torch.Tensor(np.array(x[0:train_size])))
trainY = Variable(torch.Tensor(np.array(y[0:train_size])))

testX = Variable(torch.Tensor(np.array(x[train_size:len(x)])))
testY = Variable(torch.Tensor(np.array(y[train_size:len(y)])))

class LSTM(nn.Module):

    def __init__(self, num_classes, input_size, hidden_size, num_layers):
        super(LSTM, self).__init__()
        
        self.num_classes = num_classes
        self.num_layers = num_layers
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.seq_length = seq_length
        
        self.lstm = nn.LSTM(input_size=input_size, hidden_size=hidden_size,
                            num_layers=num_layers, batch_first=True)
        
        self.fc = nn.Linear(hidden_size, num_classes)

    def forward(self, x):
        h_0 = Variable(torch.zeros(
            self.num_layers, x.size(0), self.hidden_size))
        
        c_0 = Variable(torch.zeros(
            self.num_layers, x.size(0), self.hidden_size))
        
        # Propagate input through LSTM
        ula, (h_out, _) = self.lstm(x, (h_0, c_0))
        
        h_out = h_out.view(-1, self.hidden_size)
        
        out = self.fc(h_out)
        
        return out

num_epochs = 301
learning_rate = 0.01

input_size = 1
hidden_size = 2
num_layers = 1

num_classes = 1

lstm = LSTM(num_classes, input_size, hidden_size, num_layers)

criterion = torch.nn.MSELoss()    # mean-squared error for regression
optimizer = torch.optim.Adam(lstm.parameters(), lr=learning_rate)
#optimizer = torch.optim.SGD(lstm.parameters(), lr=learning_rate)

# Train the model
for epoch in range(num_epochs):
    outputs = lstm(trainX)
    optimizer.zero_grad()
    
    # obtain the loss function
    loss = criterion(outputs, trainY)
    
    loss.backward()
    
    optimizer.step()
    if epoch % 100 == 0:
      print("Epoch: %d, loss: %1.5f" % (epoch, loss.item()))

lstm.eval()
train_predict = lstm(dataX)

data_predict = train_predict.data.numpy()
dataY_plot = dataY.data.numpy()

data_predict = sc.inverse_transform(data_predict)
dataY_plot = sc.inverse_transform(dataY_plot)
print(training_set.shape, x.shape, y.shape, trainX.shape, testX.shape)
print('test MSE (scaled): %.4f' % float(((lstm(testX) - testY) ** 2).mean()))
print('first predictions:', [round(float(v)) for v in data_predict[:4, 0]], 'targets:', [round(float(v)) for v in dataY_plot[:4, 0]])
