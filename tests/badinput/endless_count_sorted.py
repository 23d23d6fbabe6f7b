# badinput: sorted(itertools.count())
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
sorted(itertools.count())
