# Real-program corpus (tests/realworld, see README.md): jinglescode/time-series-forecasting-pytorch,
# the LSTM stock-price forecaster of its tutorial (project.py): a nested config dict, daily prices
# pulled from an Alpha Vantage TimeSeries client (a dict of date -> fields, newest first, reversed), a
# Normalizer with np.mean/np.std(axis=(0), keepdims=True), windowing through
# `np.lib.stride_tricks.as_strided(x, shape=(n_row, window_size), strides=(x.strides[0], x.strides[0]))`
# split into windows and the unseen last one, next-day labels, a Dataset adding the feature axis with
# np.expand_dims(x, 2).astype(np.float32), LSTMModel (Linear + ReLU into a 2-layer batch_first LSTM,
# init_weights by parameter name: constant_ biases, kaiming_normal_ weight_ih, orthogonal_ weight_hh,
# `h_n.permute(1, 0, 2).reshape(batchsize, -1)`, `predictions[:, -1]`), run_epoch with a per-batch
# `loss.detach().item() / batchsize` sum and scheduler.get_last_lr(), Adam(betas=(0.9, 0.98),
# eps=1e-9) + StepLR, np.concatenate of the predictions, the inverse transform, and the next-day
# prediction printed through round() of a NumPy float32.
# Origin: jinglescode/time-series-forecasting-pytorch project.py @ 16e43e639838ef9d5d0cf8a2e971015ded033fe0.
# Changes: alpha_vantage (a web API) is replaced by a TimeSeries class returning 300 seeded synthetic
# trading days in the API's shape (date strings newest first, '5. adjusted close' values as strings);
# num_epoch 6 with scheduler_step_size 3 (instead of 100 and 40); show_plots stays False as in the
# original config (its plotting code is kept but not run, as there); the evaluation prints summary
# numbers of the predictions instead of plotting them.
import datetime

# pip install numpy
import numpy as np

# pip install torch
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import Dataset
from torch.utils.data import DataLoader

# pip install matplotlib
import matplotlib.pyplot as plt
from matplotlib.pyplot import figure


class TimeSeries:
    """A stand-in for alpha_vantage.timeseries.TimeSeries with seeded synthetic prices."""
    def __init__(self, key):
        self.key = key

    def get_daily_adjusted(self, symbol, outputsize="compact"):
        rng = np.random.RandomState(2021)
        n = 300
        steps = rng.normal(0.05, 1.2, n)
        prices = 120 + np.cumsum(steps) + 6 * np.sin(np.arange(n) / 9.0)
        day = datetime.date(2020, 1, 1)
        dates = []
        while len(dates) < n:
            if day.weekday() < 5:
                dates.append(day.isoformat())
            day += datetime.timedelta(days=1)
        data = {}
        for date, price in reversed(list(zip(dates, prices))):  # newest first, as the API answers
            data[date] = {"1. open": "%.4f" % (price - 0.5), "4. close": "%.4f" % price,
                          "5. adjusted close": "%.4f" % price}
        meta = {"1. Information": "Daily Time Series with Splits and Dividend Events", "2. Symbol": symbol}
        return data, meta


print("All libraries loaded")

config = {
    "alpha_vantage": {
        "key": "YOUR_API_KEY",
        "symbol": "IBM",
        "outputsize": "full",
        "key_adjusted_close": "5. adjusted close",
    },
    "data": {
        "window_size": 20,
        "train_split_size": 0.80,
    },
    "plots": {
        "show_plots": False,
        "xticks_interval": 90,
        "color_actual": "#001f3f",
        "color_train": "#3D9970",
        "color_val": "#0074D9",
        "color_pred_train": "#3D9970",
        "color_pred_val": "#0074D9",
        "color_pred_test": "#FF4136",
    },
    "model": {
        "input_size": 1,  # one feature: the close price
        "num_lstm_layers": 2,
        "lstm_size": 32,
        "dropout": 0.2,
    },
    "training": {
        "device": "cpu",  # "cuda" or "cpu"
        "batch_size": 64,
        "num_epoch": 6,
        "learning_rate": 0.01,
        "scheduler_step_size": 3,
    }
}


def download_data(config, plot=False):
    ts = TimeSeries(key=config["alpha_vantage"]["key"])
    data, meta_data = ts.get_daily_adjusted(config["alpha_vantage"]["symbol"], outputsize=config["alpha_vantage"]["outputsize"])

    data_date = [date for date in data.keys()]
    data_date.reverse()

    data_close_price = [float(data[date][config["alpha_vantage"]["key_adjusted_close"]]) for date in data.keys()]
    data_close_price.reverse()
    data_close_price = np.array(data_close_price)

    num_data_points = len(data_date)
    display_date_range = "from " + data_date[0] + " to " + data_date[num_data_points-1]
    print("Number data points:", num_data_points, display_date_range)

    if plot:
        fig = figure(figsize=(25, 5), dpi=80)
        fig.patch.set_facecolor((1.0, 1.0, 1.0))
        plt.plot(data_date, data_close_price, color=config["plots"]["color_actual"])
        xticks = [data_date[i] if ((i%config["plots"]["xticks_interval"]==0 and (num_data_points-i) > config["plots"]["xticks_interval"]) or i==num_data_points-1) else None for i in range(num_data_points)]
        x = np.arange(0,len(xticks))
        plt.xticks(x, xticks, rotation='vertical')
        plt.title("Daily close price for " + config["alpha_vantage"]["symbol"] + ", " + display_date_range)
        plt.grid(b=None, which='major', axis='y', linestyle='--')
        plt.show()

    return data_date, data_close_price, num_data_points, display_date_range


data_date, data_close_price, num_data_points, display_date_range = download_data(config, plot=config["plots"]["show_plots"])


class Normalizer():
    def __init__(self):
        self.mu = None
        self.sd = None

    def fit_transform(self, x):
        self.mu = np.mean(x, axis=(0), keepdims=True)
        self.sd = np.std(x, axis=(0), keepdims=True)
        normalized_x = (x - self.mu)/self.sd
        return normalized_x

    def inverse_transform(self, x):
        return (x*self.sd) + self.mu


scaler = Normalizer()
normalized_data_close_price = scaler.fit_transform(data_close_price)
print("mu %.4f sd %.4f" % (scaler.mu[0], scaler.sd[0]), scaler.mu.shape)


def prepare_data_x(x, window_size):
    # windowing through a strided view
    n_row = x.shape[0] - window_size + 1
    output = np.lib.stride_tricks.as_strided(x, shape=(n_row,window_size), strides=(x.strides[0],x.strides[0]))
    return output[:-1], output[-1]


def prepare_data_y(x, window_size):
    # the next day is the label
    output = x[window_size:]
    return output


def prepare_data(normalized_data_close_price, config, plot=False):
    data_x, data_x_unseen = prepare_data_x(normalized_data_close_price, window_size=config["data"]["window_size"])
    data_y = prepare_data_y(normalized_data_close_price, window_size=config["data"]["window_size"])

    split_index = int(data_y.shape[0]*config["data"]["train_split_size"])
    data_x_train = data_x[:split_index]
    data_x_val = data_x[split_index:]
    data_y_train = data_y[:split_index]
    data_y_val = data_y[split_index:]

    return split_index, data_x_train, data_y_train, data_x_val, data_y_val, data_x_unseen


split_index, data_x_train, data_y_train, data_x_val, data_y_val, data_x_unseen = prepare_data(normalized_data_close_price, config, plot=config["plots"]["show_plots"])
print("window 5 starts at day 5:", np.allclose(data_x_train[5][:3], normalized_data_close_price[5:8]),
      "unseen window ends today:", data_x_unseen[-1] == normalized_data_close_price[-1])


class TimeSeriesDataset(Dataset):
    def __init__(self, x, y):
        x = np.expand_dims(x, 2)  # [batch, sequence, features] for the LSTM
        self.x = x.astype(np.float32)
        self.y = y.astype(np.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, idx):
        return (self.x[idx], self.y[idx])


dataset_train = TimeSeriesDataset(data_x_train, data_y_train)
dataset_val = TimeSeriesDataset(data_x_val, data_y_val)

print("Train data shape", dataset_train.x.shape, dataset_train.y.shape)
print("Validation data shape", dataset_val.x.shape, dataset_val.y.shape)


class LSTMModel(nn.Module):
    def __init__(self, input_size=1, hidden_layer_size=32, num_layers=2, output_size=1, dropout=0.2):
        super().__init__()
        self.hidden_layer_size = hidden_layer_size

        self.linear_1 = nn.Linear(input_size, hidden_layer_size)
        self.relu = nn.ReLU()
        self.lstm = nn.LSTM(hidden_layer_size, hidden_size=self.hidden_layer_size, num_layers=num_layers, batch_first=True)
        self.dropout = nn.Dropout(dropout)
        self.linear_2 = nn.Linear(num_layers*hidden_layer_size, output_size)

        self.init_weights()

    def init_weights(self):
        for name, param in self.lstm.named_parameters():
            if 'bias' in name:
                nn.init.constant_(param, 0.0)
            elif 'weight_ih' in name:
                nn.init.kaiming_normal_(param)
            elif 'weight_hh' in name:
                nn.init.orthogonal_(param)

    def forward(self, x):
        batchsize = x.shape[0]

        x = self.linear_1(x)
        x = self.relu(x)

        lstm_out, (h_n, c_n) = self.lstm(x)

        # the hidden states of both layers as [batch, features] for linear_2
        x = h_n.permute(1, 0, 2).reshape(batchsize, -1)

        x = self.dropout(x)
        predictions = self.linear_2(x)
        return predictions[:,-1]


torch.manual_seed(0)
model = LSTMModel(input_size=config["model"]["input_size"], hidden_layer_size=config["model"]["lstm_size"], num_layers=config["model"]["num_lstm_layers"], output_size=1, dropout=config["model"]["dropout"])
model = model.to(config["training"]["device"])


def run_epoch(dataloader, is_training=False):
    epoch_loss = 0

    if is_training:
        model.train()
    else:
        model.eval()

    for idx, (x, y) in enumerate(dataloader):
        if is_training:
            optimizer.zero_grad()

        batchsize = x.shape[0]

        x = x.to(config["training"]["device"])
        y = y.to(config["training"]["device"])

        out = model(x)
        loss = criterion(out.contiguous(), y.contiguous())

        if is_training:
            loss.backward()
            optimizer.step()

        epoch_loss += (loss.detach().item() / batchsize)

    lr = scheduler.get_last_lr()[0]

    return epoch_loss, lr


train_dataloader = DataLoader(dataset_train, batch_size=config["training"]["batch_size"], shuffle=True)
val_dataloader = DataLoader(dataset_val, batch_size=config["training"]["batch_size"], shuffle=True)

criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=config["training"]["learning_rate"], betas=(0.9, 0.98), eps=1e-9)
scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=config["training"]["scheduler_step_size"], gamma=0.1)

for epoch in range(config["training"]["num_epoch"]):
    loss_train, lr_train = run_epoch(train_dataloader, is_training=True)
    loss_val, lr_val = run_epoch(val_dataloader)
    scheduler.step()

    print('Epoch[{}/{}] | loss train:{:.6f}, test:{:.6f} | lr:{:.6f}'
          .format(epoch+1, config["training"]["num_epoch"], loss_train, loss_val, lr_train))

# unshuffled loaders, so that predictions line up with the dates
train_dataloader = DataLoader(dataset_train, batch_size=config["training"]["batch_size"], shuffle=False)
val_dataloader = DataLoader(dataset_val, batch_size=config["training"]["batch_size"], shuffle=False)

model.eval()

predicted_train = np.array([])

for idx, (x, y) in enumerate(train_dataloader):
    x = x.to(config["training"]["device"])
    out = model(x)
    out = out.cpu().detach().numpy()
    predicted_train = np.concatenate((predicted_train, out))

predicted_val = np.array([])

for idx, (x, y) in enumerate(val_dataloader):
    x = x.to(config["training"]["device"])
    out = model(x)
    out = out.cpu().detach().numpy()
    predicted_val = np.concatenate((predicted_val, out))

print("predicted_train", predicted_train.shape, predicted_train.dtype,
      "val", predicted_val.shape, "val RMSE (price) %.3f" % np.sqrt(np.mean(
          (scaler.inverse_transform(predicted_val) - scaler.inverse_transform(data_y_val)) ** 2)))

model.eval()

x = torch.tensor(data_x_unseen).float().to(config["training"]["device"]).unsqueeze(0).unsqueeze(2)  # [batch, sequence, feature]
prediction = model(x)
prediction = prediction.cpu().detach().numpy()
prediction = scaler.inverse_transform(prediction)[0]

print("Tomorrow's price:", round(prediction, 2))
print(type(prediction).__name__, type(round(prediction, 2)).__name__)
