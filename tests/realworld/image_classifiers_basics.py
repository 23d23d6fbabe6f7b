# Real-program corpus (tests/realworld, see README.md): the classic beginner ladder of a popular
# tutorial collection: logistic regression and a feed-forward net on flattened images, a two-layer
# bidirectional LSTM over image rows (h0/c0 of num_layers*2), and a small ResNet (3x3 conv helper,
# ResidualBlock with an optional downsample, layers built by make_layer, AvgPool2d) whose learning
# rate is decayed by an update_lr(optimizer, lr) helper writing param_group['lr']; each trained a few
# steps with the same train/test loops: the workflow of yunjey/pytorch-tutorial tutorials/01-basics
# (logistic_regression, feedforward_neural_network) and 02-intermediate
# (bidirectional_recurrent_neural_network, deep_residual_network) @
# 0500d3df5a2a8080ccfccbc00aca0eacc21818db. Written for Kiln, not copied; random images.
import torch
import torch.nn as nn

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
torch.manual_seed(0)
train_dataset = torch.utils.data.TensorDataset(torch.rand(60, 1, 12, 12), torch.randint(0, 10, (60,)))
test_dataset = torch.utils.data.TensorDataset(torch.rand(30, 1, 12, 12), torch.randint(0, 10, (30,)))
train_loader = torch.utils.data.DataLoader(dataset=train_dataset, batch_size=20, shuffle=True)
test_loader = torch.utils.data.DataLoader(dataset=test_dataset, batch_size=20, shuffle=False)


def run(name, model, reshape, optimizer, num_epochs=2, scheduler_fn=None):
    criterion = nn.CrossEntropyLoss()
    total_step = len(train_loader)
    for epoch in range(num_epochs):
        for i, (images, labels) in enumerate(train_loader):
            images, labels = reshape(images).to(device), labels.to(device)
            outputs = model(images)
            loss = criterion(outputs, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if (i + 1) % 3 == 0:
                print('{} Epoch [{}/{}], Step [{}/{}], Loss: {:.4f}'.format(name, epoch + 1, num_epochs, i + 1, total_step, loss.item()))
        if scheduler_fn is not None:
            scheduler_fn(epoch)
    model.eval()
    with torch.no_grad():
        correct = 0
        total = 0
        for images, labels in test_loader:
            outputs = model(reshape(images).to(device))
            _, predicted = torch.max(outputs.data, 1)
            total += labels.size(0)
            correct += (predicted == labels.to(device)).sum().item()
        print('{} accuracy on the {} test images: {} %'.format(name, total, 100 * correct / total))


# logistic regression
model = nn.Linear(144, 10)
run('logreg', model, lambda x: x.reshape(-1, 144), torch.optim.SGD(model.parameters(), lr=0.001))


class NeuralNet(nn.Module):
    def __init__(self, input_size, hidden_size, num_classes):
        super(NeuralNet, self).__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        self.relu = nn.ReLU()
        self.fc2 = nn.Linear(hidden_size, num_classes)

    def forward(self, x):
        return self.fc2(self.relu(self.fc1(x)))


model = NeuralNet(144, 32, 10).to(device)
run('ffnn', model, lambda x: x.reshape(-1, 144), torch.optim.Adam(model.parameters(), lr=0.001))


class BiRNN(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, num_classes):
        super(BiRNN, self).__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hidden_size * 2, num_classes)

    def forward(self, x):
        h0 = torch.zeros(self.num_layers * 2, x.size(0), self.hidden_size).to(device)
        c0 = torch.zeros(self.num_layers * 2, x.size(0), self.hidden_size).to(device)
        out, _ = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1, :])


model = BiRNN(12, 16, 2, 10).to(device)
print([(n, tuple(p.shape)) for n, p in model.lstm.named_parameters()][:4], len(list(model.lstm.parameters())))
run('birnn', model, lambda x: x.reshape(-1, 12, 12), torch.optim.Adam(model.parameters(), lr=0.003))


def conv3x3(in_channels, out_channels, stride=1):
    return nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=stride, padding=1, bias=False)


class ResidualBlock(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1, downsample=None):
        super(ResidualBlock, self).__init__()
        self.conv1 = conv3x3(in_channels, out_channels, stride)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(out_channels, out_channels)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = downsample

    def forward(self, x):
        residual = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample:
            residual = self.downsample(x)
        out += residual
        return self.relu(out)


class ResNet(nn.Module):
    def __init__(self, block, layers, num_classes=10):
        super(ResNet, self).__init__()
        self.in_channels = 8
        self.conv = conv3x3(1, 8)
        self.bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU(inplace=True)
        self.layer1 = self.make_layer(block, 8, layers[0])
        self.layer2 = self.make_layer(block, 16, layers[1], 2)
        self.avg_pool = nn.AvgPool2d(6)
        self.fc = nn.Linear(16, num_classes)

    def make_layer(self, block, out_channels, blocks, stride=1):
        downsample = None
        if (stride != 1) or (self.in_channels != out_channels):
            downsample = nn.Sequential(conv3x3(self.in_channels, out_channels, stride=stride), nn.BatchNorm2d(out_channels))
        layers = [block(self.in_channels, out_channels, stride, downsample)]
        self.in_channels = out_channels
        for i in range(1, blocks):
            layers.append(block(out_channels, out_channels))
        return nn.Sequential(*layers)

    def forward(self, x):
        out = self.relu(self.bn(self.conv(x)))
        out = self.layer2(self.layer1(out))
        out = self.avg_pool(out)
        return self.fc(out.view(out.size(0), -1))


model = ResNet(ResidualBlock, [2, 2]).to(device)
print(model.layer2[0])
curr_lr = 0.001
optimizer = torch.optim.Adam(model.parameters(), lr=curr_lr)


def update_lr(optimizer, lr):
    for param_group in optimizer.param_groups:
        param_group['lr'] = lr


def decay(epoch):
    global curr_lr
    curr_lr /= 3
    update_lr(optimizer, curr_lr)
    print('lr now', curr_lr, optimizer.param_groups[0]['lr'])


run('resnet', model, lambda x: x, optimizer, scheduler_fn=decay)
