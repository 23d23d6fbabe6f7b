# badinput: a misspelt global: the uncaught printer suggests the close name (CPython 3.11)
# expect-exit: 1
# expect-stderr: NameError: name 'counterr' is not defined. Did you mean: 'counter'?
counter = 0
print(counterr)
