# Real-program corpus (tests/realworld, see README.md): the image transformation network of fast
# neural style transfer (reflection-padded convolutions, affine InstanceNorm2d, residual blocks,
# nearest-neighbour upsampling with F.interpolate before a convolution), trained a few steps: the
# workflow of pytorch/examples fast_neural_style/neural_style/transformer_net.py and
# neural_style.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; an MSE
# loss stands in for the VGG perceptual loss; small widths.
import torch


class ConvLayer(torch.nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super(ConvLayer, self).__init__()
        self.reflection_pad = torch.nn.ReflectionPad2d(kernel_size // 2)
        self.conv2d = torch.nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        return self.conv2d(self.reflection_pad(x))


class ResidualBlock(torch.nn.Module):
    def __init__(self, channels):
        super(ResidualBlock, self).__init__()
        self.conv1 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in1 = torch.nn.InstanceNorm2d(channels, affine=True)
        self.conv2 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in2 = torch.nn.InstanceNorm2d(channels, affine=True)
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        residual = x
        out = self.relu(self.in1(self.conv1(x)))
        out = self.in2(self.conv2(out))
        return out + residual


class UpsampleConvLayer(torch.nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, upsample=None):
        super(UpsampleConvLayer, self).__init__()
        self.upsample = upsample
        self.reflection_pad = torch.nn.ReflectionPad2d(kernel_size // 2)
        self.conv2d = torch.nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        x_in = x
        if self.upsample:
            x_in = torch.nn.functional.interpolate(x_in, mode='nearest', scale_factor=self.upsample)
        return self.conv2d(self.reflection_pad(x_in))


class TransformerNet(torch.nn.Module):
    def __init__(self, width=8):
        super(TransformerNet, self).__init__()
        self.conv1 = ConvLayer(3, width, kernel_size=9, stride=1)
        self.in1 = torch.nn.InstanceNorm2d(width, affine=True)
        self.conv2 = ConvLayer(width, 2 * width, kernel_size=3, stride=2)
        self.in2 = torch.nn.InstanceNorm2d(2 * width, affine=True)
        self.res1 = ResidualBlock(2 * width)
        self.res2 = ResidualBlock(2 * width)
        self.deconv1 = UpsampleConvLayer(2 * width, width, kernel_size=3, stride=1, upsample=2)
        self.in3 = torch.nn.InstanceNorm2d(width, affine=True)
        self.deconv2 = ConvLayer(width, 3, kernel_size=9, stride=1)
        self.relu = torch.nn.ReLU()

    def forward(self, X):
        y = self.relu(self.in1(self.conv1(X)))
        y = self.relu(self.in2(self.conv2(y)))
        y = self.res2(self.res1(y))
        y = self.relu(self.in3(self.deconv1(y)))
        return self.deconv2(y)


def gram_matrix(y):
    (b, ch, h, w) = y.size()
    features = y.view(b, ch, w * h)
    return features.bmm(features.transpose(1, 2)) / (ch * h * w)


def normalize_batch(batch):
    mean = batch.new_tensor([0.485, 0.456, 0.406]).view(-1, 1, 1)
    std = batch.new_tensor([0.229, 0.224, 0.225]).view(-1, 1, 1)
    batch = batch.div_(255.0)
    return (batch - mean) / std


torch.manual_seed(0)
model = TransformerNet()
print(model.res1)
print(sum(p.numel() for p in model.parameters()))
x = torch.rand(2, 3, 16, 16) * 255
target = normalize_batch(torch.rand(2, 3, 16, 16) * 255)
print(gram_matrix(target).shape)
optimizer = torch.optim.Adam(model.parameters(), 1e-3)
mse_loss = torch.nn.MSELoss()
for step in range(3):
    optimizer.zero_grad()
    y = model(normalize_batch(x.clone()))
    content_loss = mse_loss(y, target)
    style_loss = mse_loss(gram_matrix(y), gram_matrix(target))
    total_loss = content_loss + 10.0 * style_loss
    total_loss.backward()
    optimizer.step()
    print(step, tuple(y.shape), f"{content_loss.item():.4f} {style_loss.item():.4f}")
model.eval()
with torch.no_grad():
    out = model(normalize_batch(x.clone())).clamp(0, 255)
print(out.shape, out.dtype)
