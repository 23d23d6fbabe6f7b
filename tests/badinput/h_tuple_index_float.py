# badinput: tuple index float (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: tuple indices must be integers or slices, not float
(1, 2)[1.0]
