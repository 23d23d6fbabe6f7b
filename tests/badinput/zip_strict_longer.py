# badinput: zip(strict=True) whose second iterable is longer
# expect-exit: 1
# expect-stderr: ValueError: zip() argument 2 is longer than argument 1
for pair in zip(range(2), range(3), strict=True):
    print(pair)
