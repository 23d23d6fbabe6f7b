# badinput: re match attr
# expect-exit: 1
# expect-stderr: AttributeError: 're.Match' object has no attribute 'foo'
import re
re.match("a", "a").foo
