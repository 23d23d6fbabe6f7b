# badinput: set(itertools.cycle([1, 2]))
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
set(itertools.cycle([1, 2]))
