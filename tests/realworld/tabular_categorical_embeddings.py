# Real-program corpus (tests/realworld, see README.md): yashu-seth/pytorch-tabular @
# 4ae59e5494db03b5276c9dab867890a23ffd6408 (pytorch_tabular.py; the driver follows the repository's
# README walkthrough, "A Neural Network in PyTorch for Tabular Data with Categorical Embeddings", on
# Kaggle's House Prices columns): a Kaggle-style tabular regressor. pandas.read_csv with usecols and
# dropna; scikit-learn's LabelEncoder per categorical column; TabularDataset splits a DataFrame into
# float32 continuous / int64 categorical / float32 target arrays with .astype(...).values; FeedForwardNN
# concatenates one nn.Embedding per categorical column (sizes min(50, (n + 1) // 2)) with BatchNorm1d'd
# continuous columns, then Linear/ReLU/BatchNorm1d/Dropout layers (kaiming_normal_ on .weight.data);
# MSELoss, Adam(lr=0.1), a shuffled DataLoader. Verbatim: both classes. Changes from the origin: the
# Kaggle train.csv is 300 rows generated in-program (numpy RandomState draws, LotFrontage missing in a
# tenth of them) and read through io.StringIO; num_workers=1 -> 0; 3 epochs; torch.manual_seed added;
# prints rounded, the encoders' classes and a batch's dtypes.
import io

import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader


class TabularDataset(Dataset):
    def __init__(self, data, cat_cols=None, output_col=None):
        """
        Characterizes a Dataset for PyTorch

        Parameters
        ----------

        data: pandas data frame
        The data frame object for the input data. It must
        contain all the continuous, categorical and the
        output columns to be used.

        cat_cols: List of strings
        The names of the categorical columns in the data.
        These columns will be passed through the embedding
        layers in the model. These columns must be
        label encoded beforehand. 

        output_col: string
        The name of the output variable column in the data
        provided.
        """

        self.n = data.shape[0]

        if output_col:
            self.y = data[output_col].astype(np.float32).values.reshape(-1, 1)
        else:
            self.y = np.zeros((self.n, 1))

        self.cat_cols = cat_cols if cat_cols else []
        self.cont_cols = [
            col for col in data.columns if col not in self.cat_cols + [output_col]
        ]

        if self.cont_cols:
            self.cont_X = data[self.cont_cols].astype(np.float32).values
        else:
            self.cont_X = np.zeros((self.n, 1))

        if self.cat_cols:
            self.cat_X = data[cat_cols].astype(np.int64).values
        else:
            self.cat_X = np.zeros((self.n, 1))

    def __len__(self):
        """
        Denotes the total number of samples.
        """
        return self.n

    def __getitem__(self, idx):
        """
        Generates one sample of data.
        """
        return [self.y[idx], self.cont_X[idx], self.cat_X[idx]]


class FeedForwardNN(nn.Module):
    def __init__(
        self,
        emb_dims,
        no_of_cont,
        lin_layer_sizes,
        output_size,
        emb_dropout,
        lin_layer_dropouts,
    ):

        """
        Parameters
        ----------

        emb_dims: List of two element tuples
        This list will contain a two element tuple for each
        categorical feature. The first element of a tuple will
        denote the number of unique values of the categorical
        feature. The second element will denote the embedding
        dimension to be used for that feature.

        no_of_cont: Integer
        The number of continuous features in the data.

        lin_layer_sizes: List of integers.
        The size of each linear layer. The length will be equal
        to the total number
        of linear layers in the network.

        output_size: Integer
        The size of the final output.

        emb_dropout: Float
        The dropout to be used after the embedding layers.

        lin_layer_dropouts: List of floats
        The dropouts to be used after each linear layer.
        """

        super().__init__()

        # Embedding layers
        self.emb_layers = nn.ModuleList([nn.Embedding(x, y) for x, y in emb_dims])

        no_of_embs = sum([y for x, y in emb_dims])
        self.no_of_embs = no_of_embs
        self.no_of_cont = no_of_cont

        # Linear Layers
        first_lin_layer = nn.Linear(
            self.no_of_embs + self.no_of_cont, lin_layer_sizes[0]
        )

        self.lin_layers = nn.ModuleList(
            [first_lin_layer]
            + [
                nn.Linear(lin_layer_sizes[i], lin_layer_sizes[i + 1])
                for i in range(len(lin_layer_sizes) - 1)
            ]
        )

        for lin_layer in self.lin_layers:
            nn.init.kaiming_normal_(lin_layer.weight.data)

        # Output Layer
        self.output_layer = nn.Linear(lin_layer_sizes[-1], output_size)
        nn.init.kaiming_normal_(self.output_layer.weight.data)

        # Batch Norm Layers
        self.first_bn_layer = nn.BatchNorm1d(self.no_of_cont)
        self.bn_layers = nn.ModuleList(
            [nn.BatchNorm1d(size) for size in lin_layer_sizes]
        )

        # Dropout Layers
        self.emb_dropout_layer = nn.Dropout(emb_dropout)
        self.droput_layers = nn.ModuleList(
            [nn.Dropout(size) for size in lin_layer_dropouts]
        )

    def forward(self, cont_data, cat_data):

        if self.no_of_embs != 0:
            x = [
                emb_layer(cat_data[:, i]) for i, emb_layer in enumerate(self.emb_layers)
            ]
            x = torch.cat(x, 1)
            x = self.emb_dropout_layer(x)

        if self.no_of_cont != 0:
            normalized_cont_data = self.first_bn_layer(cont_data)

            if self.no_of_embs != 0:
                x = torch.cat([x, normalized_cont_data], 1)
            else:
                x = normalized_cont_data

        for lin_layer, dropout_layer, bn_layer in zip(
            self.lin_layers, self.droput_layers, self.bn_layers
        ):

            x = F.relu(lin_layer(x))
            x = bn_layer(x)
            x = dropout_layer(x)

        x = self.output_layer(x)

        return x


torch.manual_seed(0); rng = np.random.RandomState(0)
n = 300
lines = ["Id,MSSubClass,MSZoning,LotFrontage,LotArea,Street,YearBuilt,LotShape,1stFlrSF,2ndFlrSF,SalePrice"]
for i in range(n):
    lf = "" if rng.rand() < 0.1 else str(int(rng.randint(30, 120)))
    lines.append(f"{i+1},{rng.choice([20,30,60,70,120])},{rng.choice(['RL','RM','FV','RH'])},{lf},{rng.randint(2000,20000)},"
                 f"{rng.choice(['Pave','Grvl'])},{rng.randint(1950,2010)},{rng.choice(['Reg','IR1','IR2'])},{rng.randint(500,2000)},{rng.randint(0,1200)},{rng.randint(50000,400000)}")
csv = "\n".join(lines)
data = pd.read_csv(io.StringIO(csv), usecols=["SalePrice", "MSSubClass", "MSZoning", "LotFrontage", "LotArea",
                                             "Street", "YearBuilt", "LotShape", "1stFlrSF", "2ndFlrSF"]).dropna()
print(data.shape)
print(data.head())
print(data.dtypes)
categorical_features = ["MSSubClass", "MSZoning", "Street", "LotShape", "YearBuilt"]
output_feature = "SalePrice"
label_encoders = {}
for cat_col in categorical_features:
    label_encoders[cat_col] = LabelEncoder()
    data[cat_col] = label_encoders[cat_col].fit_transform(data[cat_col])
dataset = TabularDataset(data=data, cat_cols=categorical_features, output_col=output_feature)
dataloader = DataLoader(dataset, 64, shuffle=True, num_workers=0)
cat_dims = [int(data[col].nunique()) for col in categorical_features]
emb_dims = [(x, min(50, (x + 1) // 2)) for x in cat_dims]
print(cat_dims, emb_dims)
model = FeedForwardNN(emb_dims, no_of_cont=4, lin_layer_sizes=[50, 100], output_size=1, emb_dropout=0.04,
                      lin_layer_dropouts=[0.001, 0.01])
print(model)
criterion = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
for epoch in range(3):
    for y, cont_x, cat_x in dataloader:
        preds = model(cont_x, cat_x)
        loss = criterion(preds, y)
        optimizer.zero_grad(); loss.backward(); optimizer.step()
    print(epoch, f"{loss.item():.3e}")

model.eval()
with torch.no_grad():
    y, cont_x, cat_x = next(iter(DataLoader(dataset, 8)))
    print(cont_x.dtype, cat_x.dtype, y.dtype, tuple(model(cont_x, cat_x).shape))
print({c: list(label_encoders[c].classes_)[:4] for c in ["MSZoning", "Street", "LotShape"]})
