# badinput: getattr on builtins of a missing name
# expect-exit: 1
# expect-stderr: AttributeError: module 'builtins' has no attribute 'nope'
import builtins
builtins.nope
