# badinput: operator.itemgetter with no arguments
# expect-exit: 1
# expect-stderr: TypeError: itemgetter expected 1 argument, got 0
import operator
operator.itemgetter()
