# badinput: dict() from a list of ints
# expect-exit: 1
# expect-stderr: TypeError: cannot convert dictionary update sequence element #0 to a sequence
d = dict([1, 2])
