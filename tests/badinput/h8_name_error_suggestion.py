# badinput: NameError with a close name
# expect-exit: 1
# expect-stderr: NameError: name 'learning_rat' is not defined. Did you mean: 'learning_rate'?
learning_rate = 0.1
print(learning_rat)
