# badinput: re.sub with a function that raises
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
import re
re.sub("a", lambda m: 1 / 0, "aaa")
