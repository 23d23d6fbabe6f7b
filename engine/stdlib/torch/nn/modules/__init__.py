# torch.nn.modules: the package of the torch.nn layers written in Kiln's Python (rnn, transformer, padding, dropout).
# The other layers are native (engine/nn, engine/bindings/nn.cpp) and live directly in torch.nn.
