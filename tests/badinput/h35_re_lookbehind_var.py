# badinput: Python misuse: re lookbehind var
# expect-exit: 1
# expect-stderr: re.error: look-behind requires fixed-width pattern
import re
re.compile(r"(?<=a+)b")
