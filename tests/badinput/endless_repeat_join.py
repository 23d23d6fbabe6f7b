# badinput: ''.join(itertools.repeat('x'))
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import itertools
"".join(itertools.repeat("x"))
