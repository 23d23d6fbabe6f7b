# badinput: tuple.index of a missing value
# expect-exit: 1
# expect-stderr: ValueError: tuple.index(x): x not in tuple
(1,2).index(3)
