# error: 2:22: multiple inheritance is not supported in Kiln
class Net(nn.Module, Mixin):
    pass
