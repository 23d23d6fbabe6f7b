# badinput: a misspelt list method
# expect-exit: 1
# expect-stderr: AttributeError: 'list' object has no attribute 'apend'. Did you mean: 'append'?
xs = []
xs.apend(1)
