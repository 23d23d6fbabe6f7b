# badinput: re.sub with a function returning an int
# expect-exit: 1
# expect-stderr: TypeError: sequence item 0: expected str instance, int found
import re
re.sub("a", lambda m: 1, "aaa")
