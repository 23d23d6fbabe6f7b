# badinput: NotImplemented in a boolean context (3.12: DeprecationWarning, then True)
# expect-exit: 1
# expect-stderr: DeprecationWarning: NotImplemented should not be used in a boolean context
import warnings
warnings.simplefilter("error")
if NotImplemented:
    print("yes")
