import torch
import inspect

# nanoGPT's configure_optimizers: is the fused AdamW available?
params = inspect.signature(torch.optim.AdamW).parameters
print('fused' in params, 'lr' in params, params['weight_decay'].default, params['eps'].default)
print(params['betas'].default, params['fused'].kind == inspect.Parameter.KEYWORD_ONLY)
sgd = inspect.signature(torch.optim.SGD).parameters
print(sgd['momentum'].default, sgd['nesterov'].default, 'fused' in sgd)
adam = inspect.signature(torch.optim.Adam).parameters
print(adam['weight_decay'].default, adam['amsgrad'].default, 'params' in adam)
