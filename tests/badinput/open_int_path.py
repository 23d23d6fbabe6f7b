# badinput: open(3.5)
# expect-exit: 1
# expect-stderr: TypeError: expected str, bytes or os.PathLike object, not float
open(3.5)
