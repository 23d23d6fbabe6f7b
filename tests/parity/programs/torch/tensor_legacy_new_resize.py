# Legacy tensor idioms of older tutorials: weight.new(n_layers, batch, hidden).zero_() (init_hidden of
# char-RNN notebooks), x.new(data), images.resize_(64, 784) / img.resize_(1, 28, 28), resize_as_,
# torch.frombuffer over idx-file bytes, one-element tensors as list indices in stores
# (class_correct[label] += ...) and as %-format arguments ('%i' % label, '%.4f' % loss).
import torch

torch.manual_seed(0)
w = torch.randn(4, 3, dtype=torch.float64)
h = w.new(2, 5, 3).zero_()
print(h.shape, h.dtype, h.sum().item(), h.requires_grad)
print(w.new([1, 2, 3]), w.new((4.5,)), w.new().shape, w.new(torch.ones(2, dtype=torch.float64)))
print(torch.tensor([1, 2]).new([7, 8]).dtype, torch.zeros(1, dtype=torch.bool).new([1, 0]))

x = torch.arange(12.)
alias = x.view(3, 4)
print(x.resize_(3, 4), x.stride(), x.is_contiguous())
y = torch.arange(6.)
print(y.resize_(2, 2), y.resize_(6))
t = torch.zeros(3, 4).t()
print(t.resize_(4, 3).stride(), t.resize_(2, 6).stride())
imgs = torch.rand(8, 1, 4, 4)
print(imgs.resize_(8, 16).shape, imgs.resize_as_(torch.empty(2, 64)).shape)
for bad in [lambda: torch.ones(2, requires_grad=True).resize_(3), lambda: torch.ones(2).resize_(-1, 2)]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)

raw = bytes([0, 0, 8, 3, 0, 0, 0, 2, 5, 6, 7, 8])
print(int.from_bytes(raw[0:4], "big"), torch.frombuffer(raw, dtype=torch.uint8, offset=8))
print(torch.frombuffer(bytearray(raw), dtype=torch.int16, count=2, offset=8))
print(torch.frombuffer(raw, dtype=torch.int32), torch.frombuffer(raw, dtype=torch.float32, offset=8).shape)
for kw in [dict(offset=12), dict(offset=5, dtype=torch.int16), dict(count=4, offset=4), dict(count=0)]:
    kw.setdefault("dtype", torch.int32)
    try:
        torch.frombuffer(raw, **kw)
    except ValueError as e:
        print("ValueError", e)

class_correct = [0.0] * 3
labels = torch.tensor([0, 2, 2, 1])
correct = torch.tensor([True, False, True, True])
for i in range(4):
    label = labels[i]
    class_correct[label] += correct[i].item()
print(class_correct, ["a", "b", "c"][torch.tensor(1)])
loss = torch.tensor(0.123456)
print('%i | %d | %.4f | %5.2f | %x | %s' % (labels[1], torch.tensor(3.7), loss, loss, torch.tensor(255), labels[2]))
try:
    print('%d' % torch.tensor([1, 2]))
except (ValueError, RuntimeError, TypeError) as e:
    print(type(e).__name__, e)
try:
    print('%x' % torch.tensor(2.5))
except TypeError as e:
    print("TypeError", e)
