# badinput: a misspelt parameter inside a function: locals are searched first
# expect-exit: 1
# expect-stderr: NameError: name 'learning_rat' is not defined. Did you mean: 'learning_rate'?
def step(learning_rate):
    return learning_rat * 2
step(0.1)
