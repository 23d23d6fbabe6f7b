# badinput: sum(itertools.count())
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
sum(itertools.count())
