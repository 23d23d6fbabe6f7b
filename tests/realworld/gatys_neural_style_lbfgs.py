# Real-program corpus (tests/realworld, see README.md): Gatys et al.'s neural style transfer as PyTorch's
# tutorial writes it -- pytorch/tutorials advanced_source/neural_style_tutorial.py @
# 8bcd0ac63dff35599649fc78711b6c155717823f: ContentLoss and StyleLoss modules that record a loss as a
# side effect and return their input (targets detached), gram_matrix through view(a * b, c * d) and
# torch.mm(features, features.t()).div(a * b * c * d), a Normalization module with view(-1, 1, 1)
# mean/std, get_style_model_and_losses walking cnn.children() into an nn.Sequential with
# add_module('conv_i' / 'relu_i' / 'pool_i' / 'bn_i'), ReLU(inplace=False) replacements, the
# RuntimeError for unknown layers, trimming after the last loss with model[:(i + 1)], LBFGS over
# [input_img] with requires_grad_(True), model.eval() + requires_grad_(False), the run = [0] closure
# that clamps under no_grad, and the final clamp_. Changes: a randomly initialised VGG-like
# features Sequential (Conv2d/ReLU/MaxPool2d/BatchNorm2d, the same layer types as vgg19().features)
# instead of downloading VGG19 weights; random 24x24 "images" instead of picasso.jpg/dancing.jpg;
# num_steps=12 printing every 4 instead of 300 and 50; style_weight 1e4; losses printed with :.3f / :.4f
# instead of :4f (LBFGS amplifies float noise); matplotlib left out. Written for Kiln, not copied.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cpu")
torch.set_default_device(device)
imsize = 24


class ContentLoss(nn.Module):

    def __init__(self, target,):
        super(ContentLoss, self).__init__()
        self.target = target.detach()

    def forward(self, input):
        self.loss = F.mse_loss(input, self.target)
        return input


def gram_matrix(input):
    a, b, c, d = input.size()
    features = input.view(a * b, c * d)
    G = torch.mm(features, features.t())
    return G.div(a * b * c * d)


class StyleLoss(nn.Module):

    def __init__(self, target_feature):
        super(StyleLoss, self).__init__()
        self.target = gram_matrix(target_feature).detach()

    def forward(self, input):
        G = gram_matrix(input)
        self.loss = F.mse_loss(G, self.target)
        return input


cnn_normalization_mean = torch.tensor([0.485, 0.456, 0.406])
cnn_normalization_std = torch.tensor([0.229, 0.224, 0.225])


class Normalization(nn.Module):
    def __init__(self, mean, std):
        super(Normalization, self).__init__()
        self.mean = torch.tensor(mean).view(-1, 1, 1)
        self.std = torch.tensor(std).view(-1, 1, 1)

    def forward(self, img):
        return (img - self.mean) / self.std


content_layers_default = ['conv_4']
style_layers_default = ['conv_1', 'conv_2', 'conv_3', 'conv_4', 'conv_5']


def get_style_model_and_losses(cnn, normalization_mean, normalization_std, style_img, content_img,
                               content_layers=content_layers_default, style_layers=style_layers_default):
    normalization = Normalization(normalization_mean, normalization_std)
    content_losses = []
    style_losses = []
    model = nn.Sequential(normalization)
    i = 0
    for layer in cnn.children():
        if isinstance(layer, nn.Conv2d):
            i += 1
            name = 'conv_{}'.format(i)
        elif isinstance(layer, nn.ReLU):
            name = 'relu_{}'.format(i)
            layer = nn.ReLU(inplace=False)
        elif isinstance(layer, nn.MaxPool2d):
            name = 'pool_{}'.format(i)
        elif isinstance(layer, nn.BatchNorm2d):
            name = 'bn_{}'.format(i)
        else:
            raise RuntimeError('Unrecognized layer: {}'.format(layer.__class__.__name__))
        model.add_module(name, layer)
        if name in content_layers:
            target = model(content_img).detach()
            content_loss = ContentLoss(target)
            model.add_module("content_loss_{}".format(i), content_loss)
            content_losses.append(content_loss)
        if name in style_layers:
            target_feature = model(style_img).detach()
            style_loss = StyleLoss(target_feature)
            model.add_module("style_loss_{}".format(i), style_loss)
            style_losses.append(style_loss)
    for i in range(len(model) - 1, -1, -1):
        if isinstance(model[i], ContentLoss) or isinstance(model[i], StyleLoss):
            break
    model = model[:(i + 1)]
    return model, style_losses, content_losses


def get_input_optimizer(input_img):
    optimizer = optim.LBFGS([input_img])
    return optimizer


def run_style_transfer(cnn, normalization_mean, normalization_std, content_img, style_img, input_img,
                       num_steps=300, style_weight=1000000, content_weight=1):
    print('Building the style transfer model..')
    model, style_losses, content_losses = get_style_model_and_losses(cnn, normalization_mean,
                                                                     normalization_std, style_img,
                                                                     content_img)
    input_img.requires_grad_(True)
    model.eval()
    model.requires_grad_(False)
    optimizer = get_input_optimizer(input_img)
    print('Optimizing..')
    run = [0]
    while run[0] <= num_steps:

        def closure():
            with torch.no_grad():
                input_img.clamp_(0, 1)
            optimizer.zero_grad()
            model(input_img)
            style_score = 0
            content_score = 0
            for sl in style_losses:
                style_score += sl.loss
            for cl in content_losses:
                content_score += cl.loss
            style_score *= style_weight
            content_score *= content_weight
            loss = style_score + content_score
            loss.backward()
            run[0] += 1
            if run[0] % 4 == 0:
                print("run {}:".format(run))
                print('Style Loss : {:.3f} Content Loss: {:.4f}'.format(style_score.item(), content_score.item()))
                print()
            return style_score + content_score

        optimizer.step(closure)
    with torch.no_grad():
        input_img.clamp_(0, 1)
    return input_img


torch.manual_seed(0)
cnn = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(inplace=True),
    nn.MaxPool2d(2, 2),
    nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(inplace=True),
    nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(inplace=True),
    nn.MaxPool2d(2, 2),
    nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
    nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(inplace=True),
).eval()

style_img = torch.rand(1, 3, imsize, imsize)
yy, xx = torch.meshgrid(torch.linspace(0, 1, imsize), torch.linspace(0, 1, imsize), indexing='ij')
content_img = torch.stack([xx, yy, (xx + yy) / 2]).unsqueeze(0)
assert style_img.size() == content_img.size(), "we need to import style and content images of the same size"

model, style_losses, content_losses = get_style_model_and_losses(cnn, cnn_normalization_mean,
                                                                 cnn_normalization_std, style_img, content_img)
print(model)
print(len(style_losses), len(content_losses))

try:
    get_style_model_and_losses(nn.Sequential(nn.Conv2d(3, 4, 3), nn.Tanh()), cnn_normalization_mean,
                               cnn_normalization_std, style_img, content_img)
except RuntimeError as e:
    print('RuntimeError:', e)

input_img = content_img.clone()
output = run_style_transfer(cnn, cnn_normalization_mean, cnn_normalization_std, content_img, style_img,
                            input_img, num_steps=12, style_weight=10000)
print(output.shape, output.requires_grad, output is input_img)
print('range', round(output.min().item(), 4) >= 0.0, round(output.max().item(), 4) <= 1.0)
print('changed', not torch.allclose(output.detach(), content_img, atol=1e-3))
unloader_like = copy.deepcopy(output.detach()).squeeze(0)
print(tuple(unloader_like.shape))
