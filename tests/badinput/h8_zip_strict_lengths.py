# badinput: zip(strict=True) of unequal lengths
# expect-exit: 1
# expect-stderr: ValueError: zip() argument 2 is shorter than argument 1
for a, b in zip([1, 2], [1], strict=True):
    pass
