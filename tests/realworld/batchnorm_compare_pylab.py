# Real-program corpus (tests/realworld, see README.md): the batch-normalization lab of a Korean
# deep-learning course: two 784-32-32-10 MLPs built from shared layer objects in nn.Sequential, one
# with BatchNorm1d after each hidden Linear, trained side by side with Adam on the same mini-batches,
# evaluated each epoch in eval mode under no_grad on the training and the test loader (losses and
# accuracies summed as tensors over batches, printed with %-formatting), then compared in plots made
# through `import matplotlib.pylab as plt` (pylab: pyplot's functions in NumPy's namespace), with
# ylim, title, legend and grid('on').
# Origin: deeplearningzerotoall/PyTorch lab-09_6_mnist_batchnorm.ipynb
# @ 0e11245870a7d7cffba10726ea2a6dbf456e3e96.
# Written for Kiln, not copied. Changes: a synthetic ten-class data set of 640 784-feature rows
# (labels from a fixed random projection) instead of the MNIST download, 3 epochs, figures checked
# by printing what they hold instead of shown.
import torch
import matplotlib
matplotlib.use("Agg")
import matplotlib.pylab as plt

device = 'cuda' if torch.cuda.is_available() else 'cpu'
device = 'cpu'  # the reference runs on the CPU

torch.manual_seed(1)

learning_rate = 0.01
training_epochs = 3
batch_size = 32

# the data: 784 features per row; the class is the arg-max of a fixed random projection
features = torch.rand(640, 1, 28, 28)
projection = torch.randn(784, 10)
labels = torch.argmax(features.view(-1, 784) @ projection, dim=1)
train_set = torch.utils.data.TensorDataset(features[:512], labels[:512])
test_set = torch.utils.data.TensorDataset(features[512:], labels[512:])
print(len(train_set), len(test_set), torch.bincount(labels, minlength=10).tolist())

train_loader = torch.utils.data.DataLoader(dataset=train_set, batch_size=batch_size, shuffle=True, drop_last=True)
test_loader = torch.utils.data.DataLoader(dataset=test_set, batch_size=batch_size, shuffle=False, drop_last=True)

linear1 = torch.nn.Linear(784, 32, bias=True)
linear2 = torch.nn.Linear(32, 32, bias=True)
linear3 = torch.nn.Linear(32, 10, bias=True)
relu = torch.nn.ReLU()
bn1 = torch.nn.BatchNorm1d(32)
bn2 = torch.nn.BatchNorm1d(32)

nn_linear1 = torch.nn.Linear(784, 32, bias=True)
nn_linear2 = torch.nn.Linear(32, 32, bias=True)
nn_linear3 = torch.nn.Linear(32, 10, bias=True)

bn_model = torch.nn.Sequential(linear1, bn1, relu, linear2, bn2, relu, linear3).to(device)
nn_model = torch.nn.Sequential(nn_linear1, relu, nn_linear2, relu, nn_linear3).to(device)
print(bn_model)

criterion = torch.nn.CrossEntropyLoss().to(device)
bn_optimizer = torch.optim.Adam(bn_model.parameters(), lr=learning_rate)
nn_optimizer = torch.optim.Adam(nn_model.parameters(), lr=learning_rate)

train_losses, train_accs, valid_losses, valid_accs = [], [], [], []
train_total_batch = len(train_loader)
test_total_batch = len(test_loader)


def evaluate(loader, total_batch):
    bn_loss, nn_loss, bn_acc, nn_acc = 0, 0, 0, 0
    for i, (X, Y) in enumerate(loader):
        X = X.view(-1, 28 * 28).to(device)
        Y = Y.to(device)
        bn_prediction = bn_model(X)
        bn_correct_prediction = torch.argmax(bn_prediction, 1) == Y
        bn_loss += criterion(bn_prediction, Y)
        bn_acc += bn_correct_prediction.float().mean()
        nn_prediction = nn_model(X)
        nn_correct_prediction = torch.argmax(nn_prediction, 1) == Y
        nn_loss += criterion(nn_prediction, Y)
        nn_acc += nn_correct_prediction.float().mean()
    return bn_loss / total_batch, nn_loss / total_batch, bn_acc / total_batch, nn_acc / total_batch


for epoch in range(training_epochs):
    bn_model.train()
    for X, Y in train_loader:
        X = X.view(-1, 28 * 28).to(device)
        Y = Y.to(device)

        bn_optimizer.zero_grad()
        bn_loss = criterion(bn_model(X), Y)
        bn_loss.backward()
        bn_optimizer.step()

        nn_optimizer.zero_grad()
        nn_loss = criterion(nn_model(X), Y)
        nn_loss.backward()
        nn_optimizer.step()

    with torch.no_grad():
        bn_model.eval()
        bn_loss, nn_loss, bn_acc, nn_acc = evaluate(train_loader, train_total_batch)
        train_losses.append([bn_loss, nn_loss])
        train_accs.append([bn_acc, nn_acc])
        print('[Epoch %d-TRAIN] Batchnorm Loss(Acc): bn_loss:%.4f(bn_acc:%.2f) vs No Batchnorm Loss(Acc): '
              'nn_loss:%.4f(nn_acc:%.2f)' % ((epoch + 1), bn_loss.item(), bn_acc.item(), nn_loss.item(), nn_acc.item()))
        bn_loss, nn_loss, bn_acc, nn_acc = evaluate(test_loader, test_total_batch)
        valid_losses.append([bn_loss, nn_loss])
        valid_accs.append([bn_acc, nn_acc])
        print('[Epoch %d-VALID] Batchnorm Loss(Acc): bn_loss:%.4f(bn_acc:%.2f) vs No Batchnorm Loss(Acc): '
              'nn_loss:%.4f(nn_acc:%.2f)' % ((epoch + 1), bn_loss.item(), bn_acc.item(), nn_loss.item(), nn_acc.item()))
        print()

print('Learning finished')
print('running stats:', [round(v, 3) for v in bn1.running_mean[:3].tolist()], int(bn1.num_batches_tracked))


def plot_compare(loss_list: list, ylim=None, title=None) -> None:
    bn = [i[0] for i in loss_list]
    nn = [i[1] for i in loss_list]
    plt.figure(figsize=(15, 10))
    plt.plot(bn, label='With BN')
    plt.plot(nn, label='Without BN')
    if ylim:
        plt.ylim(ylim)
    if title:
        plt.title(title)
    plt.legend()
    plt.grid('on')
    ax = plt.gca()
    print(ax.get_title(), len(ax.get_lines()), [line.get_label() for line in ax.get_lines()],
          [round(float(v), 2) for v in ax.get_ylim()] if ylim else None)


plot_compare(train_losses, title='Training Loss at Epoch')
plot_compare(train_accs, [0, 1.0], title='Training Acc at Epoch')
plot_compare(valid_losses, title='Validation Loss at Epoch')
plot_compare(valid_accs, [0, 1.0], title='Validation Acc at Epoch')
print(plt.max is max, type(plt.linspace(0, 1, 5)).__name__, len(plt.get_fignums()))
