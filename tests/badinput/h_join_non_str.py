# badinput: join non str (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: sequence item 1: expected str instance, int found
print(",".join(["a", 1]))
