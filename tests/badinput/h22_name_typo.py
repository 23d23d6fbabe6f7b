# badinput: a misspelled name
# expect-exit: 1
# expect-stderr: NameError: name 'learning_rte' is not defined. Did you mean: 'learning_rate'?
learning_rate = 0.1
print(learning_rte)
