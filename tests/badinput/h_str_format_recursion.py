# badinput: str format recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Max string recursion exceeded
print("{0:{1:{2}}}".format(1, 2, 3))
