# badinput: list(itertools.count()): an endless native iterator
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
list(itertools.count())
