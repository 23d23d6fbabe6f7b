import torch
# Long tensors: 1000 elements print in full (wrapped at 80 columns); more are summarised with ...
a = torch.arange(1000)
print(a)
print(torch.arange(1001))
print(torch.arange(2000).float() / 8)
print(torch.arange(2500).reshape(50, 50))
print(torch.arange(1331).reshape(11, 11, 11) - 600)
print(torch.zeros(1200, dtype=torch.bool))
print(torch.arange(1500.0) * 1000)
b = torch.arange(40).float() * 0.5
print(b)
print(torch.arange(30).reshape(3, 10) * 1000)
print(torch.arange(-20, 20).reshape(2, 20))
print(torch.arange(1200).reshape(2, 600).shape)
print(torch.ones(1001, requires_grad=True))
print(torch.arange(100.0).reshape(10, 10) / 4)
print(torch.arange(3000).reshape(1000, 3))
