# badinput: int huge hash (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True -2 -2 0 314159
print(hash(10**400) == hash(10**400 % (2**61 - 1)), hash(-1), hash(-2), hash(2**61 - 1), hash(float('inf')))
