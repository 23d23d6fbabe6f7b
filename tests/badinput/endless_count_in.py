# badinput: -1 in itertools.count()
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
print(-1 in itertools.count())
