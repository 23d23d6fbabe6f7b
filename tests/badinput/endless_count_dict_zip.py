# badinput: dict(zip(count(), count()))
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
dict(zip(itertools.count(), itertools.count()))
