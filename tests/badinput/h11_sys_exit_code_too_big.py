# badinput: sys.exit with an int past C long (a mutated program's exit code 3 -> 2**63): CPython prints the OverflowError and exits with status 255, not the number with status 1 (h11 mutation sweep)
# expect-exit: 255
# expect-stderr: OverflowError: Python int too large to convert to C long
import sys
sys.exit(2**63)
