# Real-program corpus (tests/realworld, see README.md): transfer learning as the fine-tuning tutorials
# do it: a "pretrained" backbone (here trained for a few steps on a first task), frozen with
# requires_grad = False, a new head swapped in, the parameters to update collected by name, per-phase
# train/val loops with torch.set_grad_enabled, the best weights kept with copy.deepcopy of the
# state_dict, intermediate features pulled out with register_forward_hook, and a second optimizer
# with per-group learning rates: the workflow of pytorch/tutorials beginner_source/
# finetuning_torchvision_models_tutorial.py and transfer_learning_tutorial.py @
# cdafe761c913948f38dd719c472fde359c0f7ba7. Written for Kiln, not copied; a small MLP backbone.
import copy

import torch
import torch.nn as nn
import torch.optim as optim


class Backbone(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU())
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.fc(self.features(x))


def set_parameter_requires_grad(model, feature_extracting):
    if feature_extracting:
        for param in model.parameters():
            param.requires_grad = False


def train_model(model, dataloaders, criterion, optimizer, num_epochs=3):
    best_model_wts = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(num_epochs):
        print('Epoch {}/{}'.format(epoch, num_epochs - 1))
        print('-' * 10)
        for phase in ['train', 'val']:
            model.train() if phase == 'train' else model.eval()
            running_loss, running_corrects = 0.0, 0
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == 'train'):
                    outputs = model(inputs)
                    loss = criterion(outputs, labels)
                    _, preds = torch.max(outputs, 1)
                    if phase == 'train':
                        loss.backward()
                        optimizer.step()
                running_loss += loss.item() * inputs.size(0)
                running_corrects += torch.sum(preds == labels.data)
            epoch_loss = running_loss / len(dataloaders[phase].dataset)
            epoch_acc = running_corrects.double() / len(dataloaders[phase].dataset)
            print('{} Loss: {:.4f} Acc: {:.4f}'.format(phase, epoch_loss, epoch_acc))
            if phase == 'val' and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_model_wts = copy.deepcopy(model.state_dict())
    print('Best val Acc: {:4f}'.format(best_acc))
    model.load_state_dict(best_model_wts)
    return model


torch.manual_seed(0)
make = lambda n, k: torch.utils.data.TensorDataset(torch.randn(n, 10), torch.randint(0, k, (n,)))
pretrain = Backbone(num_classes=5)
opt = optim.SGD(pretrain.parameters(), lr=0.1)
for xb, yb in torch.utils.data.DataLoader(make(64, 5), batch_size=16):
    opt.zero_grad()
    nn.functional.cross_entropy(pretrain(xb), yb).backward()
    opt.step()

model_ft = copy.deepcopy(pretrain)
feature_extract = True
set_parameter_requires_grad(model_ft, feature_extract)
num_ftrs = model_ft.fc.in_features
model_ft.fc = nn.Linear(num_ftrs, 2)
print(model_ft)
params_to_update = model_ft.parameters()
print("Params to learn:")
if feature_extract:
    params_to_update = []
    for name, param in model_ft.named_parameters():
        if param.requires_grad:
            params_to_update.append(param)
            print("\t", name)
dataloaders = {x: torch.utils.data.DataLoader(make(32, 2), batch_size=8, shuffle=(x == 'train')) for x in ['train', 'val']}
optimizer_ft = optim.SGD(params_to_update, lr=0.01, momentum=0.9)
model_ft = train_model(model_ft, dataloaders, nn.CrossEntropyLoss(), optimizer_ft, num_epochs=3)
print(torch.equal(model_ft.features[0].weight, pretrain.features[0].weight))

activations = {}


def get_activation(name):
    def hook(model, input, output):
        activations[name] = output.detach()
    return hook


handle = model_ft.features[2].register_forward_hook(get_activation('fc2'))
out = model_ft(torch.randn(3, 10))
print(activations['fc2'].shape, out.shape)
handle.remove()
model_ft(torch.randn(1, 10))
print(activations['fc2'].shape[0])

for param in model_ft.parameters():
    param.requires_grad = True
optimizer = optim.SGD([
    {'params': model_ft.features.parameters(), 'lr': 1e-3},
    {'params': model_ft.fc.parameters()},
], lr=1e-2, momentum=0.9)
print([g['lr'] for g in optimizer.param_groups], [len(g['params']) for g in optimizer.param_groups])
