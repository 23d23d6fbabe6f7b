# badinput: time.sleep('1')
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
import time
time.sleep("1")
