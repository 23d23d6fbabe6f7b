# badinput: zip(strict=True) over iterables of different lengths
# expect-exit: 1
# expect-stderr: ValueError: zip() argument 3 is shorter than arguments 1-2
print(list(zip([1, 2], "ab", strict=True)))
list(zip([1, 2], [1, 2], [1], strict=True))
