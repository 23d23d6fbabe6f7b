# badinput: attribute of None (a function that forgot to return)
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'shape'
def forward(x):
    y = x * 2
out = forward(3)
out.shape
