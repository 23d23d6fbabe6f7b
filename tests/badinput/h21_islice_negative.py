# badinput: islice with a negative stop
# expect-exit: 1
# expect-stderr: ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.
import itertools
itertools.islice([1], -1)
